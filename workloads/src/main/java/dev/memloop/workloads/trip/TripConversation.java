package dev.memloop.workloads.trip;

import java.util.List;

/**
 * A six-turn trip-planning conversation (paper §6, Table 1): the user states five durable constraints in the
 * first turns, makes small talk, and in the last turn asks for every constraint. {@code userMessages} holds one
 * message per turn; the graders read only {@code constraints}.
 */
public record TripConversation(long seed, String destination, List<TripConstraint> constraints,
    List<String> userMessages) {

  public static final int TURNS = 6;
  public static final String FINAL_QUESTION = "Before you book anything: list every constraint I gave you for this trip.";

  public TripConversation {
    constraints = List.copyOf(constraints);
    userMessages = List.copyOf(userMessages);
  }

  public String finalQuestion() {
    return userMessages.get(userMessages.size() - 1);
  }
}
