package dev.memloop.runtime.step;

import java.util.List;

/** One interaction: the observations an agent works through, one step each, in order. */
public record Turn(int index, List<Observation> observations) {

  public Turn {
    if (index < 0) {
      throw new IllegalArgumentException("turn index must be >= 0: " + index);
    }
    observations = List.copyOf(observations);
    if (observations.isEmpty()) {
      throw new IllegalArgumentException("turn " + index + " has no observations");
    }
  }
}
