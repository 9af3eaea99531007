package dev.memloop.workloads.alerts;

import java.util.List;
import java.util.Objects;

/**
 * A detection signature: its canonical id (as an action line names it, {@code sig=ssh-bruteforce}) and the
 * phrases alert prose uses for it. Every phrase belongs to exactly one signature, so a reader of the prose
 * can tell which signature an alert is about without seeing its ground truth.
 */
public record Signature(String id, List<String> phrases) {

  public Signature {
    Objects.requireNonNull(id, "id");
    phrases = List.copyOf(phrases);
    if (phrases.isEmpty()) {
      throw new IllegalArgumentException("signature " + id + " needs at least one phrase");
    }
  }
}
