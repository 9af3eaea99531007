package dev.memloop.runtime.internal.policy;

import dev.memloop.memory.WorkingMemory;
import dev.memloop.runtime.patterns.NoveltyCheck;
import dev.memloop.runtime.step.PatternMarks;

/**
 * How a policy marks each observation: not at all ({@link #NONE}), or novel or a repeat by a {@link NoveltyCheck}
 * over a memory of the observations. Picked once, with the policy.
 */
abstract class ObservationMarks implements AutoCloseable {

  static final ObservationMarks NONE = new ObservationMarks() {
    @Override
    PatternMarks observe(String observation) {
      return PatternMarks.NONE;
    }

    @Override
    public void close() {}
  };

  abstract PatternMarks observe(String observation);

  @Override
  public abstract void close();

  static ObservationMarks novelty(NoveltyCheck check, WorkingMemory observations) {
    return new ObservationMarks() {
      @Override
      PatternMarks observe(String observation) {
        NoveltyCheck.Novelty n = check.observe(observation);
        return n.novel() ? new PatternMarks(PatternMarks.Novelty.NOVEL, null, false)
            : new PatternMarks(PatternMarks.Novelty.REPEAT, n.earlier().id(), false);
      }

      @Override
      public void close() {
        observations.close();
      }
    };
  }
}
