package dev.memloop.agents.trip;

import dev.memloop.workloads.trip.TripConstraint;
import java.util.List;
import java.util.Locale;

/** The paper's keyword grader, loose by design: a constraint counts as recalled when any of its keywords appears. */
public final class KeywordGrader {

  private KeywordGrader() {}

  public static int grade(String answer, List<TripConstraint> constraints) {
    String text = answer.toLowerCase(Locale.ROOT);
    int recalled = 0;
    for (TripConstraint c : constraints) {
      if (c.keywords().stream().anyMatch(k -> text.contains(k.toLowerCase(Locale.ROOT)))) {
        recalled++;
      }
    }
    return recalled;
  }
}
