package dev.memloop.bench.benchmarks.runtime;

import dev.memloop.memory.Embedder;
import dev.memloop.memory.timing.HighResolutionTimer;
import dev.memloop.runtime.Agent;
import dev.memloop.runtime.AgentSpec;
import dev.memloop.runtime.MemloopDispatcher;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.reasoner.ScriptedReasoner;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import org.apache.pekko.actor.typed.javadsl.Behaviors;

/**
 * Heap per idle actor: spawn {@code n}, make sure each has started (it answered a message), collect garbage,
 * and divide the growth of the used heap by {@code n}. Measured for bare actors and for agents with an empty
 * working memory in one JVM; the difference is what memloop adds to an actor.
 */
public final class IdleFootprint {

  /** Bytes per idle bare actor and per idle agent. */
  public record Result(int actors, long bareBytes, long agentBytes) {}

  private IdleFootprint() {}

  public static Result measure(ActorSystem<?> system, int n, AgentConfig config, Embedder embedder) throws Exception {
    if (n <= 0 || n > 1_000_000) {
      throw new IllegalArgumentException("idle actors must be in [1, 1000000]: " + n);
    }
    long bare = perActor(system, n, new IdleHolder.Kind() {
      @Override
      public Behavior<?> behavior(int i) {
        return Behaviors.receive(Object.class).onMessage(ActorRef.class, IdleFootprint::answer).build();
      }

      @Override
      @SuppressWarnings("unchecked")
      public void ping(ActorRef<?> actor, ActorRef<Object> replyTo) {
        ((ActorRef<Object>) actor).tell(replyTo);
      }
    });
    long agent = perActor(system, n, new IdleHolder.Kind() {
      @Override
      public Behavior<?> behavior(int i) {
        return Agent.create(AgentSpec.builder("idle-" + i).config(config).threshold(0.99).embedder(embedder)
            .reasoners(ctx -> ScriptedReasoner.actOnEveryObservation()).timer(HighResolutionTimer.shared()).seed(i)
            .build());
      }

      @Override
      @SuppressWarnings("unchecked")
      public void ping(ActorRef<?> actor, ActorRef<Object> replyTo) {
        ((ActorRef<Agent.Command>) actor).tell(new Agent.GetStatus(replyTo.narrow()));
      }
    });
    return new Result(n, bare, agent);
  }

  @SuppressWarnings("unchecked")
  private static Behavior<Object> answer(ActorRef<?> replyTo) {
    ((ActorRef<Object>) replyTo).tell("ready");
    return Behaviors.same();
  }

  private static long perActor(ActorSystem<?> system, int n, IdleHolder.Kind kind) throws Exception {
    long before = settledHeap();
    ActorRef<IdleHolder.Command> holder = system.systemActorOf(IdleHolder.create(), "idle-" + System.nanoTime(),
        MemloopDispatcher.props());
    AskPattern.<IdleHolder.Command, Integer>ask(holder, replyTo -> new IdleHolder.Spawn(n, kind, replyTo),
        Duration.ofMinutes(10), system.scheduler()).toCompletableFuture().get(11, TimeUnit.MINUTES);
    long after = settledHeap();
    java.util.concurrent.CompletableFuture<Void> stopped = new java.util.concurrent.CompletableFuture<>();
    holder.tell(new IdleHolder.StopAll(stopped));
    stopped.get(10, TimeUnit.MINUTES); // the next measurement must not start with these still alive
    return (after - before) / n;
  }

  /** The heap in use after full collections: what the live objects hold (shared with {@link IdleMemories}). */
  static long settledHeap() throws InterruptedException {
    for (int i = 0; i < 3; i++) {
      System.gc();
      Thread.sleep(200); // lets the collector settle; the harness's pause, not a measurement
    }
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }
}
