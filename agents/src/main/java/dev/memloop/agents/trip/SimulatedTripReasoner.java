package dev.memloop.agents.trip;

import dev.memloop.runtime.Reasoner;
import dev.memloop.runtime.step.Decision;
import dev.memloop.runtime.step.StepContext;
import dev.memloop.runtime.step.WindowMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.LongAdder;

/**
 * The trip task's simulated model as an agent's reasoner: each step is one user message and the reply to it. In
 * the memory condition it saves what its habits save through the step's memory handle (not waiting for a networked
 * store's acknowledgement: the store applies writes in the order sent, so the final read sees them), and on the
 * last turn reads once, {@code recall(query, k)}, charged to the turn's budget: a read the budget cannot afford
 * comes back empty, and the answer has only what the window shows. Notes a per-turn policy pinned count as its
 * own. Tokens are estimated at 4 characters each, into {@code characters}. Not thread-safe: one per agent.
 */
public final class SimulatedTripReasoner implements Reasoner {

  private final SimulatedTripModel model;
  private final TripCondition condition;
  private final int lastTurn;
  private final int k;
  private final LongAdder characters;
  private final int systemPromptChars;

  /**
   * @param lastTurn the index of the conversation's last turn, the one whose answer is graded
   * @param characters where the prompts' and answers' characters are added up, for the token estimate
   */
  public SimulatedTripReasoner(SimulatedTripModel model, TripCondition condition, int lastTurn, int k,
      LongAdder characters) {
    this.model = model;
    this.condition = condition;
    this.lastTurn = lastTurn;
    this.k = k;
    this.characters = characters;
    this.systemPromptChars = condition.systemPrompt().length();
  }

  @Override
  public CompletionStage<Decision> decide(StepContext step) {
    List<String> window = new ArrayList<>(step.window().size());
    for (WindowMessage message : step.window()) {
      window.add(message.text());
    }
    String user = step.observation().text();
    boolean last = step.turn() == lastTurn;
    List<String> pinned = condition == TripCondition.MEMORY ? step.pinned() : List.of();
    if (condition == TripCondition.MEMORY && last) {
      return step.memory().recall(SimulatedTripModel.RECALL_QUERY, k).thenApply(recalled -> {
        List<String> notes = new ArrayList<>(pinned);
        recalled.items().forEach(item -> notes.add(item.text()));
        return reply(step, window, user, model.answer(condition, window, user, notes, true));
      });
    }
    if (condition == TripCondition.MEMORY) {
      model.saves(user).forEach(note -> step.memory().remember(note));
    }
    return CompletableFuture.completedFuture(reply(step, window, user, model.answer(condition, window, user, pinned, last)));
  }

  private Decision reply(StepContext step, List<String> window, String user, String answer) {
    long chars = systemPromptChars + user.length() + answer.length();
    for (String m : window) {
      chars += m.length();
    }
    for (String note : step.pinned()) {
      chars += note.length();
    }
    characters.add(chars);
    return Decision.reply(answer);
  }
}
