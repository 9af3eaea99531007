package dev.memloop.workloads.trip;

import java.util.List;

/**
 * One durable constraint of a trip: how the user states it, fresh wordings a model might re-save it in, and the
 * keywords a grader looks for (any one of them in the final answer counts the constraint as recalled).
 */
public record TripConstraint(String id, String statement, List<String> rewordings, List<String> keywords) {

  public TripConstraint {
    if (id == null || statement == null || statement.isBlank()) {
      throw new IllegalArgumentException("a constraint needs an id and a statement: " + id);
    }
    rewordings = List.copyOf(rewordings);
    keywords = List.copyOf(keywords);
    if (keywords.isEmpty()) {
      throw new IllegalArgumentException("constraint " + id + " needs at least one keyword");
    }
  }
}
