package dev.memloop.cli.report;

/**
 * What a report says of its percentiles: the one nearest-rank rule over raw samples
 * ({@link dev.memloop.memory.timing.NearestRank}), or HdrHistogram's where samples are streamed and not kept.
 */
public final class Percentiles {

  /** Percentiles taken by the paper's nearest rank over every raw sample. */
  public static final String NEAREST_RANK = "percentiles: nearest rank (the sorted value at floor(p x n)) over every "
      + "sample";
  /** Percentiles from HdrHistogram, for samples streamed rather than kept. */
  public static final String HDR_HISTOGRAM = "percentiles: HdrHistogram, 3 significant digits (samples streamed, "
      + "not kept)";

  private Percentiles() {}
}
