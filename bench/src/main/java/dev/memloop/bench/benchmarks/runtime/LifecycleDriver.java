package dev.memloop.bench.benchmarks.runtime;

import dev.memloop.runtime.MemloopDispatcher;
import dev.memloop.runtime.step.TurnResult;
import java.util.HashMap;
import java.util.Map;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.Terminated;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;

/**
 * Keeps {@code inFlight} lifecycles going until told to stop, counting each whose child has terminated: spawn a
 * child, let {@code start} drive it (run a turn, or nothing), stop it when it reports done, count its
 * {@link Terminated}, spawn the next. The same driver measures bare actors and agents, so the ratio compares
 * like with like.
 */
final class LifecycleDriver extends AbstractBehavior<LifecycleDriver.Command> {

  interface Command {}

  /** A child's report that its work is done: the driver stops it. */
  record Done(String child) implements Command {}

  /** Stop spawning; answers with the count once the children in flight have terminated. */
  record Finish(ActorRef<Long> replyTo) implements Command {}

  /** How one kind of child lives: its behavior (named {@code name}), and what to send it once spawned. */
  interface Kind {
    Behavior<?> behavior(String name);

    /** Starts the child; an agent answers its turn to {@code results}, which reports it {@link Done}. */
    void start(ActorRef<?> child, ActorRef<TurnResult> results);

    void stop(ActorRef<?> child);
  }

  static Behavior<Command> create(Kind kind, int inFlight) {
    return Behaviors.setup(context -> new LifecycleDriver(context, kind, inFlight));
  }

  private final Kind kind;
  private final ActorRef<TurnResult> results;
  private final Map<String, ActorRef<?>> children = new HashMap<>();
  private long spawned;
  private long completed;
  private int running;
  private ActorRef<Long> finishTo;

  private LifecycleDriver(ActorContext<Command> context, Kind kind, int inFlight) {
    super(context);
    this.kind = kind;
    this.results = context.messageAdapter(TurnResult.class, r -> new Done(r.agentId()));
    for (int i = 0; i < inFlight; i++) {
      spawnNext();
    }
  }

  @Override
  public Receive<Command> createReceive() {
    return newReceiveBuilder()
        .onMessage(Done.class, done -> {
          kind.stop(children.get(done.child()));
          return this;
        })
        .onMessage(Finish.class, finish -> {
          finishTo = finish.replyTo();
          return running == 0 ? finish() : this;
        })
        .onSignal(Terminated.class, t -> {
          children.remove(t.getRef().path().name());
          completed++;
          running--;
          if (finishTo == null) {
            spawnNext();
            return this;
          }
          return running == 0 ? finish() : this;
        })
        .build();
  }

  private Behavior<Command> finish() {
    finishTo.tell(completed);
    return Behaviors.stopped();
  }

  private void spawnNext() {
    String name = "c" + spawned++;
    ActorRef<?> child = getContext().spawn(kind.behavior(name), name, MemloopDispatcher.props());
    children.put(name, child);
    running++;
    getContext().watch(child);
    kind.start(child, results);
  }
}
