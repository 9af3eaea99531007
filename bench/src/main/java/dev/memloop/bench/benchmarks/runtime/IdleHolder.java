package dev.memloop.bench.benchmarks.runtime;

import dev.memloop.runtime.MemloopDispatcher;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;

/** Spawns idle children, pings each once and answers when all have replied (so all have started). */
final class IdleHolder extends AbstractBehavior<IdleHolder.Command> {

  interface Command {}

  interface Kind {
    Behavior<?> behavior(int i);

    void ping(ActorRef<?> actor, ActorRef<Object> replyTo);
  }

  record Spawn(int n, Kind kind, ActorRef<Integer> replyTo) implements Command {}

  /** Stops the holder and its children; {@code stopped} completes once all have terminated. */
  record StopAll(java.util.concurrent.CompletableFuture<Void> stopped) implements Command {}

  private enum Ready implements Command { INSTANCE }

  static Behavior<Command> create() {
    return Behaviors.setup(IdleHolder::new);
  }

  private final ActorRef<Object> ready;
  private int waiting;
  private ActorRef<Integer> replyTo;
  private int spawned;
  private java.util.concurrent.CompletableFuture<Void> stopped;

  private IdleHolder(ActorContext<Command> context) {
    super(context);
    ready = context.messageAdapter(Object.class, any -> Ready.INSTANCE);
  }

  @Override
  public Receive<Command> createReceive() {
    return newReceiveBuilder()
        .onMessage(Spawn.class, this::onSpawn)
        .onMessageEquals(Ready.INSTANCE, this::onReady)
        .onMessage(StopAll.class, stop -> {
          stopped = stop.stopped();
          return Behaviors.stopped();
        })
        .onSignal(org.apache.pekko.actor.typed.PostStop.class, signal -> {
          if (stopped != null) {
            stopped.complete(null); // children terminate before their parent's PostStop
          }
          return this;
        })
        .build();
  }

  private Behavior<Command> onSpawn(Spawn spawn) {
    replyTo = spawn.replyTo();
    waiting = spawn.n();
    for (int i = 0; i < spawn.n(); i++) {
      spawn.kind().ping(getContext().spawn(spawn.kind().behavior(i), "i" + i, MemloopDispatcher.props()), ready);
    }
    spawned = spawn.n();
    return this;
  }

  private Behavior<Command> onReady() {
    if (--waiting == 0) {
      replyTo.tell(spawned);
    }
    return this;
  }
}
