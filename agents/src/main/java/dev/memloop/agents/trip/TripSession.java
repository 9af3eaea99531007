package dev.memloop.agents.trip;

import dev.memloop.memory.Embedder;
import dev.memloop.workloads.trip.TripConversation;
import java.util.ArrayList;
import java.util.List;

/**
 * One trip conversation under one condition: each turn the model sees the system prompt, the last
 * {@code window} messages and the new user message; in the memory condition it has the tools. Tokens are
 * estimated (4 characters each) for the simulated model, and labelled so.
 */
public final class TripSession {

  /** What the conversation produced, graded. */
  public record Outcome(TripCondition condition, long seed, String finalAnswer, int recalled, int writes, int stored,
      long estimatedTokens, List<Long> rememberNanos, List<Long> recallNanos) {}

  private TripSession() {}

  public static Outcome run(TripConversation conversation, TripCondition condition, TripModel model, int window,
      Embedder embedder, int k) {
    return run(conversation, condition, model, window, () -> new TripTools(embedder, k));
  }

  /** As above, with the memory condition's tools made by {@code tools} (a read policy of one's choice). */
  public static Outcome run(TripConversation conversation, TripCondition condition, TripModel model, int window,
      java.util.function.Supplier<TripTools> toolsFactory) {
    if (window <= 0) {
      throw new IllegalArgumentException("window must be > 0 messages: " + window);
    }
    List<String> history = new ArrayList<>();
    long characters = 0;
    String answer = "";
    try (TripTools tools = condition == TripCondition.MEMORY ? toolsFactory.get() : null) {
      List<String> messages = conversation.userMessages();
      for (int turn = 0; turn < messages.size(); turn++) {
        List<String> visible = history.subList(Math.max(0, history.size() - window), history.size());
        String user = messages.get(turn);
        answer = model.reply(condition, List.copyOf(visible), user, turn, turn == messages.size() - 1, tools);
        characters += condition.systemPrompt().length() + user.length() + answer.length();
        for (String m : visible) {
          characters += m.length();
        }
        history.add(user);
        history.add(answer);
      }
      int recalled = KeywordGrader.grade(answer, conversation.constraints());
      return new Outcome(condition, conversation.seed(), answer, recalled, tools == null ? 0 : tools.writes(),
          tools == null ? 0 : tools.stored(), characters / 4, tools == null ? List.of() : tools.rememberNanos(),
          tools == null ? List.of() : tools.recallNanos());
    }
  }
}
