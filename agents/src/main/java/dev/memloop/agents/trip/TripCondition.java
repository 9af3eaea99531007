package dev.memloop.agents.trip;

import dev.memloop.runtime.llm.Prompts;
import java.util.Locale;

/**
 * The paper's four conditions of the trip task: baseline (told nothing about its window), aware (told the
 * window is short), notes (also told to restate every constraint in every reply), memory (remember and recall
 * tools over its own working memory). Each condition's system prompt is a versioned file,
 * {@code prompts/trip-<condition>-v1.txt}.
 */
public enum TripCondition {
  BASELINE,
  AWARE,
  NOTES,
  MEMORY;

  public String systemPrompt() {
    return Prompts.load("trip-" + name().toLowerCase(Locale.ROOT) + "-v1.txt");
  }
}
