package dev.memloop.runtime.step;

import java.util.Objects;

/** One thing an agent sees in a step (an alert, a candidate action, a user message): an id and its text. */
public record Observation(String id, String text) {

  public Observation {
    Objects.requireNonNull(id, "id");
    if (text == null || text.isBlank()) {
      throw new IllegalArgumentException("observation " + id + " needs text: " + (text == null ? "null" : "'" + text + "'"));
    }
  }
}
