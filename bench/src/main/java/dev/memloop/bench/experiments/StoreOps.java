package dev.memloop.bench.experiments;

import dev.memloop.memory.Embedder;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.timing.NearestRank;
import dev.memloop.workloads.actions.ActionStreamSpec;
import dev.memloop.workloads.actions.ActionStreams;
import dev.memloop.workloads.actions.CandidateAction;
import java.util.List;

/**
 * The in-process costs several experiments price their arithmetic with, measured once per run: embedding one
 * action line, a top-8 recall at a memory of {@code items} lines (embedding excluded, as Table 2 prices the
 * store), and the complete operation (embed, then recall). Nearest-rank percentiles over {@code trials}.
 */
public record StoreOps(int items, int trials, long embedP50, long recallP50, long recallP99, long completeP50) {

  static final int K = 8;

  public static StoreOps measure(Embedder embedder, int items, int trials, long seed) {
    if (items <= 0 || trials <= 0) {
      throw new IllegalArgumentException("items and trials must be > 0: " + items + ", " + trials);
    }
    List<String> lines = lines(items + trials, seed);
    try (WorkingMemory memory = WorkingMemory.builder(embedder).expectedSize(items).build()) {
      memory.addAll(lines.subList(0, items));
      float[][] queries = new float[trials][];
      long[] embeds = new long[trials];
      long[] recalls = new long[trials];
      long[] completes = new long[trials];
      for (int round = 0; round < 2; round++) { // round 0 warms the paths; round 1 is measured
        for (int t = 0; t < trials; t++) {
          String line = lines.get(items + t);
          long start = System.nanoTime();
          queries[t] = embedder.embed(line);
          embeds[t] = System.nanoTime() - start;
          start = System.nanoTime();
          memory.recallVector(queries[t], K);
          recalls[t] = System.nanoTime() - start;
          start = System.nanoTime();
          memory.recall(line, K);
          completes[t] = System.nanoTime() - start;
        }
      }
      return new StoreOps(items, trials, NearestRank.of(embeds, 0.50), NearestRank.of(recalls, 0.50),
          NearestRank.of(recalls, 0.99), NearestRank.of(completes, 0.50));
    }
  }

  /** Distinct action lines, seeded: verbs x hosts x signatures in a shuffled order. */
  static List<String> lines(int count, long seed) {
    int perTurn = 20;
    int turns = (count + perTurn - 1) / perTurn;
    List<CandidateAction> actions = ActionStreams.generate(new ActionStreamSpec(turns, perTurn, 0), seed).actions();
    return actions.stream().limit(count).map(CandidateAction::line).toList();
  }
}
