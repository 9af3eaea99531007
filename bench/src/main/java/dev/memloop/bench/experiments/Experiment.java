package dev.memloop.bench.experiments;

/**
 * One of the paper's tables or figures, regenerated: it runs in a context (an actor system, a seed, quick or
 * full size, a directory for charts) and returns its tables, charts, notes and records.
 */
public interface Experiment {

  /** The name {@code --only} selects it by, as in {@code fig5} or {@code table4}. */
  String id();

  /** What the paper calls it, as in "Figure 5: the deterministic loop guard". */
  String title();

  ExperimentReport run(ExperimentContext context) throws Exception;

  /**
   * Whether it prices a network embedding ({@link ExperimentContext#networkEmbed}): only then is a network embedder
   * probed, so that a run that does not need one sends no request, and no key, anywhere.
   */
  default boolean pricesNetworkEmbedding() {
    return false;
  }
}
