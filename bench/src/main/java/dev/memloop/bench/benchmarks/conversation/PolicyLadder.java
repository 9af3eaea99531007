package dev.memloop.bench.benchmarks.conversation;

import dev.memloop.memory.timing.NearestRank;
import dev.memloop.runtime.policy.LatencyBudget;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * One embedder's rungs of {@link ReadPolicies}: every policy with no budget, and at each round trip within the budget
 * by the paper's rule; each question's reads, made once, replayed on every rung and scored. Not thread-safe.
 */
final class PolicyLadder {

  private final List<Rung> rungs = new ArrayList<>();

  PolicyLadder(List<Integer> ks, List<Long> rttNanos, long budgetNanos) {
    for (String policy : ReadPolicies.POLICIES) {
      rungs.add(new Rung(policy, 0, new RetrievalScores(ks), null));
      for (long rtt : rttNanos) {
        rungs.add(new Rung(policy, rtt, new RetrievalScores(ks),
            new LatencyBudget(budgetNanos, ReadPolicies.PAD_OPS)));
      }
    }
  }

  /** One question's reads, replayed on every rung and scored against {@code evidence}. */
  void answer(String category, ReadPolicies.Reads reads, ReadPolicies.Reader reader, Set<String> evidence) {
    for (Rung rung : rungs) {
      rung.answer(category, reads.of(rung.policy), reader.labelOfTurn, reader.tokensOfTurn, evidence);
    }
  }

  List<ReadPolicies.PolicyResult> results(String embedder) {
    return rungs.stream().map(r -> r.result(embedder)).toList();
  }

  /** One policy at one round trip: its budget (carried from question to question, as an agent's) and its scores. */
  private static final class Rung {
    final String policy;
    final long rtt;
    final RetrievalScores scores;
    /** Null: no budget, every read made runs. */
    final LatencyBudget budget;
    final List<Long> memoryNanos = new ArrayList<>();
    long reads;
    long tokens;
    int unread;

    Rung(String policy, long rtt, RetrievalScores scores, LatencyBudget budget) {
      this.policy = policy;
      this.rtt = rtt;
      this.scores = scores;
      this.budget = budget;
    }

    /** @param labelOfTurn what a recalled turn is scored as; equal labels count once, where first recalled */
    void answer(String category, List<ReadPolicies.Read> made, List<String> labelOfTurn, int[] tokensOfTurn,
        Set<String> evidence) {
      if (budget != null) {
        budget.startTurn();
      }
      List<long[]> ran = new ArrayList<>(made.size());
      long spent = 0;
      Set<Long> seen = new HashSet<>();
      for (ReadPolicies.Read read : made) {
        long cost = read.nanos() + rtt;
        if (budget != null) {
          long reserved = budget.reserve(rtt);
          if (reserved == LatencyBudget.UNAFFORDABLE) {
            break;
          }
          budget.settle(reserved, cost, rtt);
        }
        spent += cost;
        ran.add(read.turns());
        for (int r = 0; r < Math.min(ReadPolicies.CONTEXT_K, read.turns().length); r++) {
          if (seen.add(read.turns()[r])) {
            tokens += tokensOfTurn[(int) read.turns()[r]];
          }
        }
      }
      reads += ran.size();
      unread += ran.isEmpty() ? 1 : 0;
      memoryNanos.add(spent);
      Set<String> recalled = new LinkedHashSet<>();
      if (!ran.isEmpty()) {
        for (long t : made.get(ran.size() - 1).answer()) {
          recalled.add(labelOfTurn.get((int) t));
        }
      }
      scores.add(category, new ArrayList<>(recalled), evidence);
    }

    ReadPolicies.PolicyResult result(String embedder) {
      RetrievalScores.Summary overall = scores.overall();
      long[] samples = memoryNanos.stream().mapToLong(Long::longValue).toArray();
      int questions = overall.questions();
      return new ReadPolicies.PolicyResult(embedder, policy, budget != null, rtt, overall.hitAt(), overall.recallAt(),
          overall.mrr(), questions, questions == 0 ? 0 : (double) reads / questions, unread,
          samples.length == 0 ? 0 : NearestRank.of(samples, 0.5), samples.length == 0 ? 0 : NearestRank.of(samples,
          0.99), questions == 0 ? 0 : (double) tokens / questions);
    }
  }
}
