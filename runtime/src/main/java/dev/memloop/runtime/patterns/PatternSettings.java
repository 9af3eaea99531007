package dev.memloop.runtime.patterns;

/**
 * The patterns an agent's step loop runs, from {@code memloop.agent.patterns} (or a group's): a novelty check on
 * every observation, dedup on every write to the agent's own memory, and the settings of the adaptive read and the
 * grounding check for agents that call them. The loop guard is the runtime's guard ({@code memloop.agent.guard}).
 */
public record PatternSettings(Novelty novelty, Dedup dedup, Adaptive adaptive, Grounding grounding) {

  /** Every observation checked against those seen before; repeats are tagged in the step records. */
  public record Novelty(boolean enabled, double threshold) {
    public Novelty {
      Thresholds.similarity("novelty threshold", threshold);
    }
  }

  /** Writes merged into their stored near-duplicate. */
  public record Dedup(boolean enabled, double threshold, DedupOnWrite.Keep keep) {
    public Dedup {
      Thresholds.similarity("dedup threshold", threshold);
      if (keep == null) {
        throw new IllegalArgumentException("dedup keep must be first, newest or both: null");
      }
    }
  }

  /** {@code patterns.adaptive-recall}: whether a per-turn dump reads adaptively, and how. */
  public record Adaptive(boolean enabled, AdaptiveRecall.Settings settings) {
    public Adaptive {
      if (settings == null) {
        throw new IllegalArgumentException("adaptive recall needs its settings");
      }
    }
  }

  /** {@code patterns.grounding}: the support threshold and how many items a check reads. */
  public record Grounding(double threshold, int k) {
    public Grounding {
      Thresholds.similarity("grounding threshold", threshold);
      if (k <= 0) {
        throw new IllegalArgumentException("grounding k must be > 0: " + k);
      }
    }
  }

  /** As in reference.conf: every pattern off. */
  public static final PatternSettings DEFAULTS = new PatternSettings(new Novelty(false, 0.9),
      new Dedup(false, 0.9, DedupOnWrite.Keep.FIRST),
      new Adaptive(false, new AdaptiveRecall.Settings(8, 32, 0.25, 0.7, 0.9)), new Grounding(0.75, 3));

  public PatternSettings {
    if (novelty == null || dedup == null || adaptive == null || grounding == null) {
      throw new IllegalArgumentException("pattern settings need novelty, dedup, adaptive and grounding sections");
    }
  }

  /** These settings with the novelty check on at {@code threshold} ({@code patterns.novelty}). */
  public PatternSettings withNovelty(double threshold) {
    return new PatternSettings(new Novelty(true, threshold), dedup, adaptive, grounding);
  }

  /** These settings with dedup-on-write on at {@code threshold}, keeping {@code keep} ({@code patterns.dedup}). */
  public PatternSettings withDedup(double threshold, DedupOnWrite.Keep keep) {
    return new PatternSettings(novelty, new Dedup(true, threshold, keep), adaptive, grounding);
  }

  /** These settings with the adaptive read of a per-turn dump on ({@code patterns.adaptive}). */
  public PatternSettings withAdaptive(AdaptiveRecall.Settings settings) {
    return new PatternSettings(novelty, dedup, new Adaptive(true, settings), grounding);
  }

  /** These settings grounding claims at {@code threshold} with {@code k} sources ({@code patterns.grounding}). */
  public PatternSettings withGrounding(double threshold, int k) {
    return new PatternSettings(novelty, dedup, adaptive, new Grounding(threshold, k));
  }
}
