package dev.memloop.runtime.patterns;

import dev.memloop.memory.MemoryQuery;
import dev.memloop.memory.Recall;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.index.RankFusion;
import dev.memloop.runtime.step.StepMemory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Per-step reads that follow what the last read found: the first read is the memory's hybrid recall of the question;
 * each next one recalls the question with the text of the best item no read has followed yet (a multi-hop step: what
 * was just learnt, asked about again), and the reads so far are fused by reciprocal rank at
 * {@link RankFusion#HYBRID_C}, the first weighing 1 and each follow-up {@code followUpWeight}: a follow-up drifts
 * from the question, and at equal weights its finds pushed the question's own best items out (LoCoMo's hit@10 fell
 * 0.05 below one read; at 0.3 it rose 0.015 above it, docs/BENCHMARKS.md).
 *
 * <p>One read at a time, so that a step loop reads once a step and its budget decides whether the next step reads at
 * all: {@link Reading#next(WorkingMemory)} on a memory of one's own, {@link Reading#next(StepMemory)} on a step's
 * memory (an agent built with hybrid recall), or {@link Reading#nextQuery()} and {@link Reading#accept} on any other.
 * {@link #recall} makes them all at once. A reading is not thread-safe: one agent's step at a time.
 */
public final class FollowUpRecall {

  /**
   * @param steps the reads of one question at most, the first included
   * @param followUpWeight what a follow-up read weighs in the fusion, the first read weighing 1
   */
  public record Settings(int steps, double followUpWeight) {
    public Settings {
      if (steps < 1 || steps > MAX_STEPS) {
        throw new IllegalArgumentException("follow-up recall steps must be in [1, " + MAX_STEPS + "]: " + steps);
      }
      if (!(followUpWeight > 0 && followUpWeight <= 1)) {
        throw new IllegalArgumentException("follow-up recall weight must be in (0, 1]: " + followUpWeight);
      }
    }
  }

  /** The most reads a question may take. */
  public static final int MAX_STEPS = 8;
  /** Three reads, each follow-up weighing 0.3: the settings measured on LoCoMo. */
  public static final Settings DEFAULTS = new Settings(3, 0.3);

  private final Settings settings;

  public FollowUpRecall(Settings settings) {
    if (settings == null) {
      throw new IllegalArgumentException("follow-up recall needs its settings");
    }
    this.settings = settings;
  }

  /** Every read of {@code question} on {@code memory} at once; the fused {@code k} best. */
  public List<Recall> recall(WorkingMemory memory, String question, int k) {
    Reading reading = start(question, k);
    while (reading.next(memory)) {
      // each read follows the last
    }
    return reading.result();
  }

  /** The reads of {@code question}, none made yet; each reads {@code k} items. */
  public Reading start(String question, int k) {
    Thresholds.text("question", question);
    if (k <= 0) {
      throw new IllegalArgumentException("k must be > 0: " + k);
    }
    return new Reading(question, k);
  }

  /** One question's reads, made one at a time. Not thread-safe. */
  public final class Reading {
    private final String question;
    private final int k;
    private final List<List<Recall>> reads = new ArrayList<>();
    private final Set<String> followed = new HashSet<>();
    private String nextQuery;

    private Reading(String question, int k) {
      this.question = question;
      this.k = k;
      this.nextQuery = question;
    }

    /** Whether every step was read, or nothing new is left to follow. */
    public boolean done() {
      return nextQuery == null || reads.size() == settings.steps();
    }

    /**
     * The next read's query: the question, then the question with the best item not yet followed; a hybrid recall of
     * k items.
     *
     * @throws IllegalStateException when {@link #done()}
     */
    public MemoryQuery nextQuery() {
      requireOpen();
      return MemoryQuery.text(nextQuery).k(k).hybrid().build();
    }

    private void requireOpen() {
      if (done()) {
        throw new IllegalStateException("follow-up recall: every read of this question is made (" + reads.size()
            + " of " + settings.steps() + ")");
      }
    }

    /** A read of {@link #nextQuery()} made: what it found, best first. */
    public void accept(List<Recall> found) {
      requireOpen();
      reads.add(List.copyOf(found));
      nextQuery = null;
      for (Recall r : found) {
        if (followed.add(r.id())) {
          nextQuery = question + " " + r.text();
          break;
        }
      }
    }

    /**
     * Makes the next read on {@code memory}; false, reading nothing, when {@link #done()}.
     *
     * @throws IllegalArgumentException when {@code memory} cannot answer a hybrid recall (built without lexical())
     */
    public boolean next(WorkingMemory memory) {
      if (!memory.answersHybrid()) {
        throw new IllegalArgumentException("follow-up recall reads hybrid: build the memory with lexical()");
      }
      if (done()) {
        return false;
      }
      accept(memory.search(nextQuery()));
      return true;
    }

    /**
     * Makes the next read on a step's memory (charged to the turn's budget, as every read is) and completes with the
     * reads so far fused; completes with them at once, reading nothing, when {@link #done()}. A read the memory did
     * not answer (unaffordable, timed out) is not counted, and the same read is asked next time.
     */
    public CompletionStage<List<Recall>> next(StepMemory memory) {
      if (done()) {
        return CompletableFuture.completedFuture(result());
      }
      return memory.search(nextQuery()).thenApply(found -> {
        if (found.answered()) {
          accept(found.items());
        }
        return result();
      });
    }

    /** The reads made. */
    public int reads() {
      return reads.size();
    }

    /** What the last read found, best first; empty before the first read. */
    public List<Recall> lastRead() {
      return reads.isEmpty() ? List.of() : reads.get(reads.size() - 1);
    }

    /** The reads made so far fused, the {@code k} best first; empty before the first read. */
    public List<Recall> result() {
      if (reads.size() <= 1) {
        return reads.isEmpty() ? List.of() : reads.get(0);
      }
      Map<String, Long> keyOfId = new HashMap<>();
      List<Recall> byKey = new ArrayList<>();
      List<long[]> rankings = new ArrayList<>(reads.size());
      for (List<Recall> read : reads) {
        long[] ranking = new long[read.size()];
        for (int i = 0; i < ranking.length; i++) {
          Recall r = read.get(i);
          Long key = keyOfId.get(r.id());
          if (key == null) {
            key = (long) byKey.size();
            keyOfId.put(r.id(), key);
            byKey.add(r);
          }
          ranking[i] = key;
        }
        rankings.add(ranking);
      }
      double[] weights = new double[reads.size()];
      Arrays.fill(weights, settings.followUpWeight());
      weights[0] = 1;
      List<Recall> out = new ArrayList<>(k);
      for (RankFusion.Fused f : RankFusion.fuse(rankings, weights, k, RankFusion.HYBRID_C)) {
        out.add(byKey.get((int) f.key()));
      }
      return out;
    }
  }
}
