package dev.memloop.bench.benchmarks.conversation;

import dev.memloop.memory.Embedder;
import dev.memloop.runtime.policy.LatencyBudget;
import dev.memloop.runtime.patterns.AdaptiveRecall;
import dev.memloop.runtime.patterns.FollowUpRecall;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * LoCoMo's and LongMemEval's questions read by an agent's read policies, each behind an injected round trip and
 * within a latency budget per question (the paper's §5.1 rule, {@link LatencyBudget}: a read runs only if the budget
 * left covers its round trip, a pad of {@value #PAD_OPS} measured reads and 1 ms; it is then charged its own work
 * plus the round trip). Hit@k against the round trip is to these benchmarks what redundant actions against it are
 * to the paper's Figure 6. A LoCoMo question is scored by its evidence turns, a LongMemEval question by its answer
 * sessions.
 *
 * <ul>
 *   <li>{@code single}: the paper's one fixed-k read per question (k the largest asked for), the store's hybrid recall.
 *   <li>{@code adaptive}: one read by the runtime's adaptive recall ({@link AdaptiveRecall}, its reference settings:
 *       a window of a quarter of the memory within [8, 32], near-copies dropped, among the hybrid recall's
 *       candidates).
 *   <li>{@code per-step}: the runtime's follow-up reads ({@link FollowUpRecall}, its defaults): up to
 *       {@value #STEPS} reads, one per reasoning step, each a hybrid recall of the question followed by the best turn
 *       the previous step found that no step followed yet (a multi-hop follow-up); the reads made so far fused by
 *       reciprocal rank, the first weighing 1 and each follow-up 0.3. A step the budget cannot cover, and every step
 *       after it, is not read.
 * </ul>
 *
 * <p>Each policy is reported once with no budget ({@code budgeted} false: every read made, what the reads find) and
 * once per round trip under the budget rule with the costs measured here (what fits), so that this machine's load is
 * never read as a policy's quality. Beside each, the tokens of recalled context per question: the distinct turns the
 * reads that ran returned among their first {@value #CONTEXT_K}, at {@value #CHARS_PER_TOKEN} characters a token (an
 * estimate, not a model's tokenizer).
 *
 * <p>The round trip is charged, not slept: a store's answer does not depend on how long it took (the paper's point:
 * latency decides only which reads happen), so each question's reads are made once, in process and timed, and
 * replayed against every rung's budget. A question none of whose reads ran recalls nothing and scores as a miss.
 */
public final class ReadPolicies {

  /** The policies, in report order. */
  public static final List<String> POLICIES = List.of("single", "adaptive", "per-step");
  /** The reads of a per-step question at most. */
  public static final int STEPS = FollowUpRecall.DEFAULTS.steps();
  /** Measured reads the estimate of the next one pads with (the runtime's {@code guard.pad-ops} default). */
  public static final int PAD_OPS = 3;
  /** The first results of each read whose turns count as the context a question brought back. */
  public static final int CONTEXT_K = 10;
  /** Characters a token is estimated at (the usual four of English text). */
  public static final int CHARS_PER_TOKEN = 4;
  /** The runtime's reference adaptive recall ({@code memloop.agent.patterns.adaptive-recall}). */
  static final AdaptiveRecall.Settings ADAPTIVE = new AdaptiveRecall.Settings(8, 32, 0.25, 0.7, 0.9);

  /** One embedder, policy and round trip: the quality of what the reads that fit found, and what they cost. */
  public record PolicyResult(String embedder, String policy, boolean budgeted, long rttNanos,
      Map<Integer, Double> hitAt, Map<Integer, Double> recallAt, double mrr, int questions, double readsPerQuestion,
      int questionsUnread, long memoryP50Nanos, long memoryP99Nanos, double tokensPerQuestion) {}

  /**
   * One read made in process: the turns it found (ordinals, best first), what the policy answers once it has made this
   * read (the reads so far fused, for per-step; the read itself otherwise), and its own measured work.
   */
  record Read(long[] turns, long[] answer, long nanos) {}

  private ReadPolicies() {}

  /**
   * LoCoMo's questions, each scored by its evidence turns.
   *
   * @param rttNanos the injected round trips, each a rung (0: in process)
   * @param budgetNanos the memory time a question may spend
   */
  public static List<PolicyResult> run(List<LocomoFile.Conversation> data, Map<String, Embedder> embedders,
      List<Integer> ks, List<Long> rttNanos, long budgetNanos, Consumer<String> progress) {
    int maxK = ks.stream().mapToInt(Integer::intValue).max().orElseThrow();
    return byEmbedder(embedders, ks, rttNanos, budgetNanos, progress, (embedder, ladder) -> {
      for (LocomoFile.Conversation conversation : data) {
        try (TurnMemory memory = new TurnMemory(embedder, new long[TurnRecall.METHODS.size()])) {
          List<String> diaIds = new ArrayList<>();
          for (LocomoFile.Turn turn : conversation.turns()) {
            memory.add(turn.item());
            diaIds.add(turn.diaId());
          }
          Reader reader = new Reader(memory, embedder, diaIds);
          Set<String> known = new LinkedHashSet<>(diaIds);
          for (LocomoFile.Question question : conversation.questions()) {
            Set<String> evidence = LocomoRetrieval.usableEvidence(question, known);
            if (evidence != null) {
              ladder.answer(Integer.toString(question.category()), reader.read(question.text(), maxK), reader,
                  evidence);
            }
          }
        }
      }
    });
  }

  /**
   * LongMemEval's questions, each in its own haystack and scored at the session level (the sessions of the recalled
   * turns, in the order first recalled, against its answer sessions, as {@link LongMemEvalRetrieval} scores them);
   * each read {@link LongMemEvalRetrieval#DEPTH} times the largest k deep, so that its turns reach k sessions.
   */
  public static List<PolicyResult> run(LongMemEvalFile.Questions data, Map<String, Embedder> embedders,
      List<Integer> ks, List<Long> rttNanos, long budgetNanos, Consumer<String> progress) {
    int maxK = ks.stream().mapToInt(Integer::intValue).max().orElseThrow();
    return byEmbedder(embedders, ks, rttNanos, budgetNanos, progress, (embedder, ladder) -> {
      for (LongMemEvalFile.Question q : data) {
        if (q.abstention() || q.answerSessionIds().isEmpty()) {
          continue;
        }
        try (TurnMemory memory = new TurnMemory(embedder, new long[TurnRecall.METHODS.size()])) {
          List<String> sessionOfTurn = new ArrayList<>();
          for (LongMemEvalFile.Session session : q.sessions()) {
            for (LongMemEvalFile.Turn turn : session.turns()) {
              memory.add(turn.item());
              sessionOfTurn.add(session.id());
            }
          }
          Reader reader = new Reader(memory, embedder, sessionOfTurn);
          ladder.answer(q.type(), reader.read(q.text(), maxK * LongMemEvalRetrieval.DEPTH), reader,
              new LinkedHashSet<>(q.answerSessionIds()));
        }
      }
    });
  }

  /** A benchmark's questions, fed to one embedder's ladder. */
  private interface Feed {
    void questions(Embedder embedder, PolicyLadder ladder);
  }

  private static List<PolicyResult> byEmbedder(Map<String, Embedder> embedders, List<Integer> ks, List<Long> rttNanos,
      long budgetNanos, Consumer<String> progress, Feed feed) {
    List<PolicyResult> results = new ArrayList<>();
    for (Map.Entry<String, Embedder> embedder : embedders.entrySet()) {
      progress.accept("read policies, embedder " + embedder.getKey() + ": " + POLICIES.size() + " policies, "
          + rttNanos.size() + " round trips, a budget of " + budgetNanos / 1_000_000.0 + " ms per question");
      PolicyLadder ladder = new PolicyLadder(ks, rttNanos, budgetNanos);
      feed.questions(embedder.getValue(), ladder);
      results.addAll(ladder.results(embedder.getKey()));
    }
    return results;
  }

  /** Each policy's reads of one question, made in process and timed. */
  record Reads(List<Read> single, List<Read> adaptive, List<Read> perStep) {
    List<Read> of(String policy) {
      return switch (policy) {
        case "single" -> single;
        case "adaptive" -> adaptive;
        default -> perStep;
      };
    }
  }

  /**
   * One memory's policies, and what its turns are scored as ({@code labelOfTurn}: a LoCoMo turn's id, a LongMemEval
   * turn's session) and cost as context.
   */
  static final class Reader {
    final TurnMemory memory;
    final AdaptiveRecall adaptive;
    final FollowUpRecall followUp;
    final List<String> labelOfTurn;
    final int[] tokensOfTurn;

    Reader(TurnMemory memory, Embedder embedder, List<String> labelOfTurn) {
      this.memory = memory;
      this.adaptive = memory.adaptive(embedder, ADAPTIVE);
      this.followUp = new FollowUpRecall(FollowUpRecall.DEFAULTS);
      this.labelOfTurn = labelOfTurn;
      this.tokensOfTurn = new int[labelOfTurn.size()];
      for (int t = 0; t < tokensOfTurn.length; t++) {
        tokensOfTurn[t] = (memory.text(t).length() + CHARS_PER_TOKEN - 1) / CHARS_PER_TOKEN;
      }
    }

    Reads read(String question, int depth) {
      return new Reads(List.of(timed(() -> memory.recall("fused", question, depth))),
          List.of(timed(() -> memory.adaptiveRecall(adaptive, question))), perStep(memory, followUp, question, depth));
    }
  }

  /** The per-step policy's reads, all of them (whether the budget affords them is decided per rung). */
  static List<Read> perStep(TurnMemory memory, FollowUpRecall followUp, String question, int k) {
    List<Read> reads = new ArrayList<>(STEPS);
    FollowUpRecall.Reading reading = followUp.start(question, k);
    while (true) {
      long start = System.nanoTime();
      if (!memory.next(reading)) {
        break;
      }
      List<dev.memloop.memory.Recall> answer = reading.result(); // what the agent holds after this step
      long nanos = System.nanoTime() - start;
      reads.add(new Read(memory.ordinals(reading.lastRead()), memory.ordinals(answer), nanos));
    }
    return reads;
  }

  private static Read timed(java.util.function.Supplier<long[]> read) {
    long start = System.nanoTime();
    long[] turns = read.get();
    return new Read(turns, turns, System.nanoTime() - start);
  }
}
