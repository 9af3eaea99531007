package dev.memloop.agents.trip;

/**
 * The paper's four conditions of the trip task: baseline (told nothing about its window), aware (told the
 * window is short), notes (also told to restate every constraint in every reply), memory (remember and recall
 * tools over its own working memory).
 */
public enum TripCondition {
  BASELINE("You are a trip-planning assistant."),
  AWARE("You are a trip-planning assistant. You only see the last few messages of this conversation."),
  NOTES("You are a trip-planning assistant. You only see the last few messages of this conversation. In every "
      + "reply, restate every constraint the user has given so far."),
  MEMORY("You are a trip-planning assistant. You only see the last few messages of this conversation. You have "
      + "tools: remember(text) saves a note, recall(query) returns the most relevant saved notes.");

  private final String systemPrompt;

  TripCondition(String systemPrompt) {
    this.systemPrompt = systemPrompt;
  }

  public String systemPrompt() {
    return systemPrompt;
  }
}
