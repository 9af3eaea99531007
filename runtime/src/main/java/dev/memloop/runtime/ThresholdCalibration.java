package dev.memloop.runtime;

import dev.memloop.memory.Embedder;

/**
 * Resolves {@code memloop.agent.guard.threshold = calibrated}: the match threshold for an embedder, chosen on
 * held-out data of the agent's own kind (paper §5.1). The triage agents' calibration is
 * {@code dev.memloop.agents.triage.TriageCalibration::threshold}; an agent of another kind brings its own, or sets a
 * number.
 */
@FunctionalInterface
public interface ThresholdCalibration {

  /** The calibrated threshold for {@code embedder}, in [0, 1]. */
  double threshold(Embedder embedder);
}
