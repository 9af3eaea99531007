package dev.memloop.bench.experiments;

import dev.memloop.memory.Eviction;
import dev.memloop.memory.IndexKind;
import dev.memloop.memory.Recall;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.WorkingMemoryBuilder;
import dev.memloop.memory.embed.HashingEmbedder;
import dev.memloop.runtime.patterns.DedupOnWrite;
import dev.memloop.workloads.Shuffle;
import dev.memloop.workloads.vectors.VectorSets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * One long-lived memory of the confusion study, grown to about {@code items} writes: facts written 1 to 5 times
 * as near-duplicate copies (about 0.9 similar to each other), the oldest 30% of the facts stale (done long ago,
 * no reason to block a redo); then the guard's questions and the topic reads, graded against that truth.
 */
final class ConfusionMemory {

  static final int DIMENSION = 128;
  static final double STALE = 0.3;
  static final double GUARD = 0.8;
  static final double COPY = 0.8;
  static final int K = 8;
  /** Copies lie at about cos 0.95 from their fact (cosine distance 0.054 in VectorSets' terms). */
  static final double JITTER = 0.054;

  /** How the memory is kept. */
  record Variant(IndexKind index, boolean dedup, boolean evict) {
    String label() {
      return index.name().toLowerCase(java.util.Locale.ROOT) + (dedup ? " + dedup" : "") + (evict ? " + eviction" : "");
    }
  }

  /** Guard precision and recall, and the share of a topic's three facts a read of k = 8 found. */
  record Result(int written, int stored, double precision, double recall, double recallAtK, long millis) {}

  private ConfusionMemory() {}

  static Result run(int items, Variant variant, int queries, long seed) {
    long start = System.nanoTime();
    SplittableRandom random = new SplittableRandom(seed);
    int facts = Math.max(3, items / 3);
    float[][] base = new float[facts][];
    List<Integer> writes = new ArrayList<>();
    for (int f = 0; f < facts; f++) {
      base[f] = VectorSets.gaussian(random, DIMENSION);
      int copies = 1 + random.nextInt(5);
      for (int c = 0; c < copies; c++) {
        writes.add(f);
      }
    }
    int staleFacts = (int) (facts * STALE);
    // stale facts first, oldest; the rest shuffled after them
    List<Integer> stale = new ArrayList<>(writes.stream().filter(f -> f < staleFacts).toList());
    List<Integer> live = new ArrayList<>(writes.stream().filter(f -> f >= staleFacts).toList());
    Shuffle.shuffle(stale, random);
    Shuffle.shuffle(live, random);
    List<Integer> order = new ArrayList<>(stale);
    order.addAll(live);
    int distinctLive = facts - staleFacts;
    WorkingMemoryBuilder builder = WorkingMemory.builder(new HashingEmbedder(DIMENSION)).index(variant.index());
    if (variant.evict()) { // room for the live facts (one copy each with dedup, all copies without)
      builder.capacity(variant.dedup() ? distinctLive : live.size()).eviction(Eviction.OLDEST_FIRST);
    }
    try (WorkingMemory memory = builder.build()) {
      DedupOnWrite dedup = new DedupOnWrite(memory, new HashingEmbedder(DIMENSION), COPY, DedupOnWrite.Keep.FIRST);
      for (int f : order) {
        float[] copy = VectorSets.jittered(base[f], JITTER, random);
        if (variant.dedup()) {
          dedup.writeVector(copy, "fact-" + f, Map.of("fact", f));
        } else {
          memory.addVector(copy, "fact-" + f, Map.of("fact", f));
        }
      }
      return grade(memory, base, staleFacts, queries, random, order.size(), start);
    }
  }

  private static Result grade(WorkingMemory memory, float[][] base, int staleFacts, int queries, SplittableRandom random,
      int written, long start) {
    int facts = base.length;
    long tp = 0;
    long fp = 0;
    long positives = 0;
    for (int q = 0; q < queries; q++) {
      int liveFact = staleFacts + random.nextInt(facts - staleFacts);
      int staleFact = staleFacts == 0 ? -1 : random.nextInt(staleFacts);
      // a repeat of live work (should block), new work and a redo of stale work (should not)
      positives++;
      tp += blocks(memory, VectorSets.jittered(base[liveFact], JITTER, random)) ? 1 : 0;
      fp += blocks(memory, VectorSets.gaussian(random, DIMENSION)) ? 1 : 0;
      if (staleFact >= 0) {
        fp += blocks(memory, VectorSets.jittered(base[staleFact], JITTER, random)) ? 1 : 0;
      }
    }
    double found = 0;
    for (int q = 0; q < queries; q++) {
      Set<Integer> topic = new HashSet<>();
      while (topic.size() < 3) {
        topic.add(staleFacts + random.nextInt(facts - staleFacts));
      }
      float[] query = new float[DIMENSION];
      for (int f : topic) {
        for (int d = 0; d < DIMENSION; d++) {
          query[d] += base[f][d];
        }
      }
      Set<Integer> hit = new HashSet<>();
      for (Recall r : memory.recallVector(VectorSets.unit(query), K)) {
        int fact = Integer.parseInt(r.text().substring("fact-".length()));
        if (topic.contains(fact)) {
          hit.add(fact);
        }
      }
      found += hit.size() / 3.0;
    }
    return new Result(written, memory.size(), tp + fp == 0 ? 0 : tp / (double) (tp + fp), tp / (double) positives,
        found / queries, (System.nanoTime() - start) / 1_000_000);
  }

  private static boolean blocks(WorkingMemory memory, float[] action) {
    Optional<Recall> match = memory.matchVector(action, GUARD);
    return match.isPresent();
  }
}
