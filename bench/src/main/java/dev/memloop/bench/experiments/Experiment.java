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
}
