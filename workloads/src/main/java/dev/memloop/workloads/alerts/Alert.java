package dev.memloop.workloads.alerts;

import java.util.Objects;

/**
 * What an agent sees of one alert: an opaque id, the turn it arrives in and its prose. The host, signature and
 * duplicate relation are in {@link AlertTruth}, which only graders read.
 */
public record Alert(String id, int turn, String text) {

  public Alert {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(text, "text");
  }
}
