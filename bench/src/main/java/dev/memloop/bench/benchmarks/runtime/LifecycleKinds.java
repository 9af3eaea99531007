package dev.memloop.bench.benchmarks.runtime;

import dev.memloop.memory.Embedder;
import dev.memloop.memory.timing.HighResolutionTimer;
import dev.memloop.runtime.Agent;
import dev.memloop.runtime.AgentSpec;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.reasoner.ScriptedReasoner;
import dev.memloop.runtime.step.Observation;
import dev.memloop.runtime.step.Turn;
import dev.memloop.runtime.step.TurnResult;
import java.util.List;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;

/** The two lifecycles compared: a bare Pekko actor spawned and stopped, and an agent that runs one short turn. */
final class LifecycleKinds {

  private LifecycleKinds() {}

  /** The floor: an actor that does nothing, stopped as soon as it exists. */
  static LifecycleDriver.Kind bare() {
    return new LifecycleDriver.Kind() {
      @Override
      public Behavior<?> behavior(String name) {
        return Behaviors.receiveMessage(m -> Behaviors.stopped());
      }

      @Override
      @SuppressWarnings("unchecked")
      public void start(ActorRef<?> child, ActorRef<TurnResult> results) {
        ((ActorRef<Object>) child).tell("stop");
      }

      @Override
      public void stop(ActorRef<?> child) {}
    };
  }

  /** An agent with its working memory, one turn of {@code turn} guarded steps, then stopped. */
  static LifecycleDriver.Kind agent(AgentConfig config, Embedder embedder, Turn turn) {
    return new LifecycleDriver.Kind() {
      @Override
      public Behavior<?> behavior(String name) {
        return Agent.create(AgentSpec.builder(name).config(config).threshold(0.99).embedder(embedder)
            .reasoners(ctx -> ScriptedReasoner.actOnEveryObservation()).timer(HighResolutionTimer.shared()).seed(1)
            .build());
      }

      @Override
      @SuppressWarnings("unchecked")
      public void start(ActorRef<?> child, ActorRef<TurnResult> results) {
        ((ActorRef<Agent.Command>) child).tell(new Agent.RunTurn(turn, results));
      }

      @Override
      @SuppressWarnings("unchecked")
      public void stop(ActorRef<?> child) {
        ((ActorRef<Agent.Command>) child).tell(Agent.Stop.INSTANCE);
      }
    };
  }

  /** A short turn: {@code steps} candidate actions, the last repeating the first. */
  static Turn shortTurn(int steps) {
    List<Observation> observations = new java.util.ArrayList<>();
    for (int i = 0; i < steps; i++) {
      int line = i == steps - 1 && steps > 1 ? 0 : i;
      observations.add(new Observation("s" + i, "investigate host=web-0" + (line % 8 + 1) + " sig=port-scan step " + line));
    }
    return new Turn(0, observations);
  }
}
