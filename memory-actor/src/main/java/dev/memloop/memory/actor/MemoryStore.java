package dev.memloop.memory.actor;

import dev.memloop.memory.MemoryKind;
import dev.memloop.memory.MemoryStats;
import dev.memloop.memory.MemoryTimings;
import dev.memloop.memory.Recall;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.timing.DelayTimer;
import dev.memloop.memory.timing.Units;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.SupervisorStrategy;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;

/**
 * Serves one {@link WorkingMemory} over messages: the networked arm of the experiments, in the same JVM or on
 * another node over Artery TCP. Every reply is delayed by the injected round-trip time on a
 * {@link DelayTimer} (never {@code Thread.sleep}, never Pekko's 10 ms-tick scheduler) and carries the delay
 * actually achieved and the store's own work time, so a caller can tell network from store.
 *
 * <p>The memory is owned outside the behavior: a restart after an unexpected failure keeps it. Bad requests
 * get a {@link Rejected} reply naming the problem and change nothing. {@link Close} closes the memory and
 * stops the actor; later requests go to dead letters and their senders time out.
 */
public final class MemoryStore extends AbstractBehavior<MemoryStore.Command> {

  /** Requests; {@code requestId} is echoed in the reply so that a caller can drop replies it gave up on. */
  public sealed interface Command extends MemoryStoreMessage {}

  /** Stores {@code text}, embedded by the store's embedder unless {@code vector} comes with it. */
  public record Add(long requestId, String text, float[] vector, Map<String, Object> metadata,
      ActorRef<Reply> replyTo) implements Command {}

  /**
   * The one read: the items {@code query} asks for, best first ({@link Recalled}). A nearest match (k = 1, a minimum
   * score, one kind: the guard's question) is answered by the memory's allocation-free shorthand.
   */
  public record Search(long requestId, StoreQuery query, ActorRef<Reply> replyTo) implements Command {
    public Search {
      if (query == null) {
        throw new IllegalArgumentException("a search needs its query");
      }
    }
  }

  public record GetStats(long requestId, ActorRef<Reply> replyTo) implements Command {}

  public record Close(long requestId, ActorRef<Reply> replyTo) implements Command {}

  /** Replies: the store's work time and the round-trip delay achieved, both in nanoseconds. */
  public sealed interface Reply extends MemoryStoreMessage {
    long requestId();

    long storeNanos();

    long delayNanos();

    /** This reply with the achieved delay filled in. */
    Reply delayed(long achievedNanos);
  }

  public record Added(long requestId, String id, long storeNanos, long delayNanos) implements Reply {
    @Override
    public Reply delayed(long achievedNanos) {
      return new Added(requestId, id, storeNanos, achievedNanos);
    }
  }

  public record Recalled(long requestId, List<Recall> items, long storeNanos, long delayNanos) implements Reply {
    @Override
    public Reply delayed(long achievedNanos) {
      return new Recalled(requestId, items, storeNanos, achievedNanos);
    }
  }

  public record StatsReply(long requestId, MemoryStats stats, MemoryTimings timings, long storeNanos, long delayNanos)
      implements Reply {
    @Override
    public Reply delayed(long achievedNanos) {
      return new StatsReply(requestId, stats, timings, storeNanos, achievedNanos);
    }
  }

  public record Closed(long requestId, long storeNanos, long delayNanos) implements Reply {
    @Override
    public Reply delayed(long achievedNanos) {
      return new Closed(requestId, storeNanos, achievedNanos);
    }
  }

  /** A request the memory refused (bad input, full, closed), with its reason; nothing changed. */
  public record Rejected(long requestId, String reason, long storeNanos, long delayNanos) implements Reply {
    @Override
    public Reply delayed(long achievedNanos) {
      return new Rejected(requestId, reason, storeNanos, achievedNanos);
    }
  }

  /**
   * The memory is kept elsewhere (a database) and could not be reached or did not answer within its deadline:
   * nothing changed, and the same request may succeed later. A guard treats such a read as a lookup that failed.
   */
  public record Unavailable(long requestId, String reason, long storeNanos, long delayNanos) implements Reply {
    @Override
    public Reply delayed(long achievedNanos) {
      return new Unavailable(requestId, reason, storeNanos, achievedNanos);
    }
  }

  /** A store answering as fast as its mailbox allows. */
  public static Behavior<Command> create(WorkingMemory memory) {
    return create(memory, Duration.ZERO, null);
  }

  /**
   * A store whose every reply leaves {@code roundTrip} after the request was served.
   *
   * @param timer the delay timer; may be null only when {@code roundTrip} is zero
   * @throws IllegalArgumentException on a negative round trip, or a positive one without a timer
   */
  public static Behavior<Command> create(WorkingMemory memory, Duration roundTrip, DelayTimer timer) {
    if (memory == null) {
      throw new IllegalArgumentException("memory must not be null");
    }
    if (roundTrip == null || roundTrip.isNegative()) {
      throw new IllegalArgumentException("round trip must be >= 0: " + Units.config(roundTrip));
    }
    if (!roundTrip.isZero() && timer == null) {
      throw new IllegalArgumentException("a round trip of " + Units.config(roundTrip) + " needs a DelayTimer");
    }
    long delayNanos = roundTrip.toNanos();
    return Behaviors.supervise(Behaviors.<Command>setup(ctx -> new MemoryStore(ctx, memory, delayNanos, timer)))
        .onFailure(SupervisorStrategy.restart());
  }

  private final StoreOperations operations;
  private final long delayNanos;
  private final DelayTimer timer;

  private MemoryStore(ActorContext<Command> context, WorkingMemory memory, long delayNanos, DelayTimer timer) {
    super(context);
    this.operations = new StoreOperations(memory);
    this.delayNanos = delayNanos;
    this.timer = timer;
  }

  @Override
  public Receive<Command> createReceive() {
    return newReceiveBuilder()
        .onMessage(Add.class, m -> reply(m.replyTo(), operations.add(m)))
        .onMessage(Search.class, m -> reply(m.replyTo(), operations.search(m)))
        .onMessage(GetStats.class, m -> reply(m.replyTo(), operations.stats(m)))
        .onMessage(Close.class, this::onClose)
        .build();
  }

  private Behavior<Command> onClose(Close close) {
    reply(close.replyTo(), operations.close(close));
    return Behaviors.stopped();
  }

  private Behavior<Command> reply(ActorRef<Reply> replyTo, Reply reply) {
    if (delayNanos == 0) {
      replyTo.tell(reply);
    } else {
      timer.schedule(delayNanos, achieved -> replyTo.tell(reply.delayed(achieved)));
    }
    return this;
  }
}
