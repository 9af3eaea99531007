package dev.memloop.bench.benchmarks.conversation;

import dev.memloop.memory.Embedder;
import dev.memloop.memory.index.RankFusion;
import dev.memloop.memory.timing.NearestRank;
import dev.memloop.runtime.policy.LatencyBudget;
import dev.memloop.runtime.patterns.AdaptiveRecall;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * LoCoMo's questions read by an agent's read policies, each behind an injected round trip and within a latency
 * budget per question (the paper's §5.1 rule, {@link LatencyBudget}: a read runs only if the budget left covers its
 * round trip, a pad of {@value #PAD_OPS} measured reads and 1 ms; it is then charged its own work plus the round
 * trip). Hit@k against the round trip is to this benchmark what redundant actions against it are to the paper's
 * Figure 6.
 *
 * <ul>
 *   <li>{@code single}: the paper's one fixed-k read per question (k the largest asked for), the store's hybrid recall.
 *   <li>{@code adaptive}: one read by the runtime's adaptive recall ({@link AdaptiveRecall}, its reference settings:
 *       a window of a quarter of the memory within [8, 32], near-copies dropped, by the embedder alone).
 *   <li>{@code per-step}: up to {@value #STEPS} reads, one per reasoning step, each a hybrid recall of the question
 *       followed by the best turn the previous step found that no step used yet (a multi-hop follow-up); the steps'
 *       results fused by reciprocal rank in step order. A step the budget cannot cover, and every step after it, is
 *       not read.
 * </ul>
 *
 * <p>The round trip is charged, not slept: a store's answer does not depend on how long it took (the paper's point:
 * latency decides only which reads happen), so each question's reads are made once, in process and timed, and
 * replayed against every rung's budget. A question none of whose reads ran recalls nothing and scores as a miss.
 */
public final class ReadPolicies {

  /** The policies, in report order. */
  public static final List<String> POLICIES = List.of("single", "adaptive", "per-step");
  /** The reads of a per-step question at most. */
  public static final int STEPS = 3;
  /** Measured reads the estimate of the next one pads with (the runtime's {@code guard.pad-ops} default). */
  public static final int PAD_OPS = 3;
  /** The runtime's reference adaptive recall ({@code memloop.agent.patterns.adaptive-recall}). */
  static final AdaptiveRecall.Settings ADAPTIVE = new AdaptiveRecall.Settings(8, 32, 0.25, 0.7, 0.9);

  /** One embedder, policy and round trip: the quality of what the reads that fit found, and what they cost. */
  public record PolicyResult(String embedder, String policy, long rttNanos, Map<Integer, Double> hitAt,
      Map<Integer, Double> recallAt, double mrr, int questions, double readsPerQuestion, int questionsUnread,
      long memoryP50Nanos, long memoryP99Nanos) {}

  /** One read made in process: the turns it found (ordinals, best first) and its own measured work. */
  record Read(long[] turns, long nanos) {}

  private ReadPolicies() {}

  /**
   * @param rttNanos the injected round trips, each a rung (0: in process)
   * @param budgetNanos the memory time a question may spend
   */
  public static List<PolicyResult> run(List<LocomoFile.Conversation> data, Map<String, Embedder> embedders,
      List<Integer> ks, List<Long> rttNanos, long budgetNanos, Consumer<String> progress) {
    int maxK = ks.stream().mapToInt(Integer::intValue).max().orElseThrow();
    List<PolicyResult> results = new ArrayList<>();
    for (Map.Entry<String, Embedder> embedder : embedders.entrySet()) {
      progress.accept("read policies, embedder " + embedder.getKey() + ": " + POLICIES.size() + " policies, "
          + rttNanos.size() + " round trips, a budget of " + budgetNanos / 1_000_000.0 + " ms per question");
      List<Rung> rungs = new ArrayList<>();
      for (String policy : POLICIES) {
        for (long rtt : rttNanos) {
          rungs.add(new Rung(policy, rtt, new RetrievalScores(ks), new LatencyBudget(budgetNanos, PAD_OPS)));
        }
      }
      for (LocomoFile.Conversation conversation : data) {
        try (TurnMemory memory = new TurnMemory(embedder.getValue(), new long[TurnRecall.METHODS.size()])) {
          List<String> diaIds = new ArrayList<>();
          for (LocomoFile.Turn turn : conversation.turns()) {
            memory.add(turn.item());
            diaIds.add(turn.diaId());
          }
          AdaptiveRecall adaptive = memory.adaptive(embedder.getValue(), ADAPTIVE);
          Set<String> known = new LinkedHashSet<>(diaIds);
          for (LocomoFile.Question question : conversation.questions()) {
            Set<String> evidence = LocomoRetrieval.usableEvidence(question, known);
            if (evidence == null) {
              continue;
            }
            String category = Integer.toString(question.category());
            List<Read> single = List.of(timed(() -> memory.recall("fused", question.text(), maxK)));
            List<Read> adaptiveRead = List.of(timed(() -> memory.adaptiveRecall(adaptive, question.text())));
            List<Read> steps = perStep(memory, question.text(), maxK);
            for (Rung rung : rungs) {
              List<Read> reads = switch (rung.policy) {
                case "single" -> single;
                case "adaptive" -> adaptiveRead;
                default -> steps;
              };
              rung.answer(category, reads, diaIds, evidence, maxK);
            }
          }
        }
      }
      for (Rung rung : rungs) {
        results.add(rung.result(embedder.getKey()));
      }
    }
    return results;
  }

  /** The per-step policy's reads, all of them (whether the budget affords them is decided per rung). */
  static List<Read> perStep(TurnMemory memory, String question, int k) {
    List<Read> reads = new ArrayList<>(STEPS);
    Set<Long> used = new LinkedHashSet<>();
    String query = question;
    for (int s = 0; s < STEPS; s++) {
      String asked = query;
      Read read = timed(() -> memory.recall("fused", asked, k));
      reads.add(read);
      long next = -1;
      for (long t : read.turns()) {
        if (used.add(t)) {
          next = t;
          break;
        }
      }
      if (next < 0) {
        break; // nothing new to follow up
      }
      query = question + " " + memory.text((int) next);
    }
    return reads;
  }

  private static Read timed(java.util.function.Supplier<long[]> read) {
    long start = System.nanoTime();
    long[] turns = read.get();
    return new Read(turns, System.nanoTime() - start);
  }

  /** One policy at one round trip: its budget (carried from question to question, as an agent's) and its scores. */
  private static final class Rung {
    final String policy;
    final long rtt;
    final RetrievalScores scores;
    final LatencyBudget budget;
    final List<Long> memoryNanos = new ArrayList<>();
    long reads;
    int unread;

    Rung(String policy, long rtt, RetrievalScores scores, LatencyBudget budget) {
      this.policy = policy;
      this.rtt = rtt;
      this.scores = scores;
      this.budget = budget;
    }

    void answer(String category, List<Read> made, List<String> diaIds, Set<String> evidence, int k) {
      budget.startTurn();
      List<long[]> ran = new ArrayList<>(made.size());
      long spent = 0;
      for (Read read : made) {
        long reserved = budget.reserve(rtt);
        if (reserved == LatencyBudget.UNAFFORDABLE) {
          break;
        }
        long cost = read.nanos() + rtt;
        budget.settle(reserved, cost, rtt);
        spent += cost;
        ran.add(read.turns());
      }
      reads += ran.size();
      unread += ran.isEmpty() ? 1 : 0;
      memoryNanos.add(spent);
      List<String> recalled = new ArrayList<>();
      if (ran.size() == 1) {
        for (long t : ran.get(0)) {
          recalled.add(diaIds.get((int) t));
        }
      } else if (!ran.isEmpty()) {
        for (RankFusion.Fused f : RankFusion.fuse(ran, k, RankFusion.C)) {
          recalled.add(diaIds.get((int) f.key()));
        }
      }
      scores.add(category, recalled, evidence);
    }

    PolicyResult result(String embedder) {
      RetrievalScores.Summary overall = scores.overall();
      long[] samples = memoryNanos.stream().mapToLong(Long::longValue).toArray();
      int questions = overall.questions();
      return new PolicyResult(embedder, policy, rtt, overall.hitAt(), overall.recallAt(), overall.mrr(), questions,
          questions == 0 ? 0 : (double) reads / questions, unread,
          samples.length == 0 ? 0 : NearestRank.of(samples, 0.5), samples.length == 0 ? 0 : NearestRank.of(samples,
          0.99));
    }
  }
}
