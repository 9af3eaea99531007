package dev.memloop.runtime.reasoner;

import dev.memloop.runtime.Reasoner;
import dev.memloop.runtime.step.Decision;
import dev.memloop.runtime.step.StepContext;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * A deterministic reasoner that follows a script: the mechanism experiments and tests. Synchronous: the
 * agent never waits for it.
 */
public final class ScriptedReasoner implements Reasoner {

  private final Function<StepContext, Decision> script;

  public ScriptedReasoner(Function<StepContext, Decision> script) {
    if (script == null) {
      throw new IllegalArgumentException("script must not be null");
    }
    this.script = script;
  }

  /** Proposes every observation's text as the action (the candidate-action stream of the mechanism task). */
  public static ScriptedReasoner actOnEveryObservation() {
    return new ScriptedReasoner(context -> Decision.act(context.observation().text()));
  }

  @Override
  public CompletionStage<Decision> decide(StepContext context) {
    return CompletableFuture.completedFuture(script.apply(context));
  }
}
