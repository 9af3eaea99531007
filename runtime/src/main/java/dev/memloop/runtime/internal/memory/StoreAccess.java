package dev.memloop.runtime.internal.memory;

import dev.memloop.memory.MemoryQuery;
import dev.memloop.memory.Recall;
import dev.memloop.memory.actor.MemoryStore;
import dev.memloop.memory.actor.StoreQuery;
import dev.memloop.memory.timing.DelayTimer;
import dev.memloop.runtime.step.MemoryOutcome;
import dev.memloop.runtime.step.MemoryPath;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.LongConsumer;
import org.apache.pekko.actor.typed.ActorRef;

/**
 * The networked arm: reads and writes as messages to a {@link MemoryStore} actor (the agent's own child, a store on
 * a store node, or a blackboard's read port), answered on the agent's thread when the reply, delayed by the
 * injected round trip, arrives. A read waits on a {@link DelayTimer} timeout, never on a blocked thread, so
 * thousands of waiting agents share two cores; a lost reply becomes a timeout, and a late reply is dropped by its
 * request id. Several requests may be in flight at once (a reasoner's reads beside the guard's write).
 *
 * <p>Not thread-safe: the owning agent calls it and forwards it the store's replies ({@link #onReply}) and its own
 * timeout messages ({@link #onTimeout}).
 */
public final class StoreAccess implements MemoryAccess {

  private final ActorRef<MemoryStore.Command> store;
  private final MemoryPath path;
  private ActorRef<MemoryStore.Reply> replyTo;
  private final DelayTimer timer;
  private final LongConsumer timeoutMessage;
  private final long injectedDelayNanos;
  private long lastRequestId;
  private List<Pending> pending; // requests awaiting a reply, oldest first; allocated by the first request
  private List<Deferred> deferred; // actions waiting for writes to be acknowledged; allocated by the first one
  private long lastWriteId;
  private long messagesSent;

  /** One request awaiting its reply: a read's answer (with its timeout) or a write's. */
  private record Pending(long id, Answer<List<Recall>> read, Stored stored, DelayTimer.Scheduled timeout) {}

  /** An action to run once every write up to {@code throughWriteId} is acknowledged. */
  private record Deferred(long throughWriteId, Runnable action) {}

  /**
   * @param path {@link MemoryPath#STORE}, or {@link MemoryPath#BOARD_PORT} for a blackboard's read port
   * @param replyTo the agent's adapter for store replies; may be bound later ({@link #bind})
   * @param timeoutMessage sends the agent a timeout message carrying the request id (runs on the timer's thread,
   *     so it must only {@code tell})
   * @param injectedDelayNanos the round trip the store injects, for the budget estimate
   */
  public StoreAccess(ActorRef<MemoryStore.Command> store, MemoryPath path, ActorRef<MemoryStore.Reply> replyTo,
      DelayTimer timer, LongConsumer timeoutMessage, long injectedDelayNanos) {
    if (store == null || path == null || timer == null || timeoutMessage == null) {
      throw new IllegalArgumentException("a store access needs its store, path, timer and timeout message");
    }
    this.store = store;
    this.path = path;
    this.replyTo = replyTo;
    this.timer = timer;
    this.timeoutMessage = timeoutMessage;
    this.injectedDelayNanos = injectedDelayNanos;
  }

  @Override
  public long injectedDelayNanos() {
    return injectedDelayNanos;
  }

  @Override
  public MemoryPath readPath() {
    return path;
  }

  @Override
  public MemoryPath writePath() {
    return path;
  }

  @Override
  public void check(MemoryQuery query) {
    if (query.hybrid()) {
      throw new IllegalArgumentException("a networked store answers vector recalls only (it keeps no lexical index): "
          + query + "; a hybrid recall needs the agent's own memory in process (memory.recall = hybrid with the "
          + "per-step or per-turn policy)");
    }
    if (query.filter() != null) {
      throw new IllegalArgumentException("a networked store answers queries without a filter (a filter is code, and "
          + "does not cross to the store): " + query);
    }
  }

  @Override
  public void search(MemoryQuery query, long timeoutNanos, Answer<List<Recall>> answer) {
    check(query);
    if (query.isText()) {
      throw new IllegalArgumentException("a store is sent the agent's embedding, not the text: " + query);
    }
    StoreQuery sent = StoreQuery.of(query); // its kinds, identity and minimum score are data: the store holds them
    long id = ++lastRequestId;
    await(new Pending(id, answer, null, timeout(id, timeoutNanos)));
    store.tell(new MemoryStore.Search(id, sent, replyTo));
  }

  @Override
  public void add(String text, float[] vector, Map<String, Object> metadata, Stored stored) {
    long id = ++lastRequestId;
    lastWriteId = id;
    await(new Pending(id, null, stored, null)); // writes wait for their acknowledgement without a timeout
    store.tell(new MemoryStore.Add(id, text, vector, metadata.isEmpty() ? null : metadata, replyTo));
  }

  private DelayTimer.Scheduled timeout(long id, long timeoutNanos) {
    return timer.schedule(Math.max(0, timeoutNanos), achieved -> timeoutMessage.accept(id));
  }

  private void await(Pending request) {
    if (pending == null) {
      pending = new ArrayList<>(2);
    }
    pending.add(request);
    messagesSent++;
  }

  /** Sets where the store's replies go: the agent's adapter, registered anew by every (re)started behavior. */
  public void bind(ActorRef<MemoryStore.Reply> newReplyTo) {
    this.replyTo = newReplyTo;
  }

  /**
   * Runs {@code action} once every write sent so far is acknowledged: at once when none is in flight. The store
   * applies a write before it replies, so after this its memory holds every write the agent made; an agent's
   * snapshot waits on it, so that a snapshot (taken to move the agent, or to report what it kept) never misses a
   * write the store had not yet applied, and never reads a memory the store is still writing.
   */
  public void afterWritesAcknowledged(Runnable action) {
    if (!writeInFlightThrough(lastWriteId)) {
      action.run();
      return;
    }
    if (deferred == null) {
      deferred = new ArrayList<>(1);
    }
    deferred.add(new Deferred(lastWriteId, action));
  }

  private boolean writeInFlightThrough(long writeId) {
    if (pending != null) {
      for (Pending p : pending) {
        if (p.stored() != null && p.id() <= writeId) {
          return true;
        }
      }
    }
    return false;
  }

  private void runAcknowledged() {
    if (deferred == null || deferred.isEmpty()) {
      return;
    }
    List<Deferred> due = new ArrayList<>(deferred.size());
    deferred.removeIf(d -> !writeInFlightThrough(d.throughWriteId()) && due.add(d));
    due.forEach(d -> d.action().run());
  }

  /**
   * Forgets every request in flight without answering it (the behavior that asked was restarted); actions waiting
   * for writes run now, on what the store has acknowledged so far.
   */
  public void abandon() {
    if (pending != null) {
      for (Pending p : pending) {
        if (p.timeout() != null) {
          p.timeout().cancel();
        }
      }
      pending.clear();
    }
    runAcknowledged();
  }

  /** A reply from the store: answers the request it belongs to, or is dropped if nobody waits for it any more. */
  public void onReply(MemoryStore.Reply reply) {
    Pending request = take(reply.requestId());
    if (request == null) {
      return; // a reply we stopped waiting for
    }
    if (request.timeout() != null) {
      request.timeout().cancel();
    }
    if (reply instanceof MemoryStore.Rejected rejected) {
      if (request.stored() == null) {
        // the runtime validates every read it sends; a refused read is a bug to surface, not an unguarded step
        throw new IllegalStateException("the memory store refused a read: " + rejected.reason());
      }
      request.stored().done(MemoryOutcome.REFUSED, rejected.reason(), rejected.storeNanos(), rejected.delayNanos());
    } else if (reply instanceof MemoryStore.Unavailable away) {
      // the store's database is away: a read is a lookup that failed (its step runs unguarded, counted as timed
      // out), a write is refused with the reason (reported, not retried: the reasoner hears it)
      if (request.stored() != null) {
        request.stored().done(MemoryOutcome.REFUSED, away.reason(), away.storeNanos(), away.delayNanos());
      } else {
        failRead(request, away.storeNanos(), away.delayNanos());
      }
    } else if (reply instanceof MemoryStore.Recalled recalled && request.read() != null) {
      request.read().done(recalled.items(), false, recalled.storeNanos(), recalled.delayNanos());
    } else if (reply instanceof MemoryStore.Added added && request.stored() != null) {
      request.stored().done(MemoryOutcome.STORED, added.id(), added.storeNanos(), added.delayNanos());
    } else {
      throw new IllegalStateException("request " + reply.requestId() + " got an answer of the wrong kind: " + reply);
    }
    if (request.stored() != null) {
      runAcknowledged();
    }
  }

  /** The agent's timeout message for request {@code requestId}. */
  public void onTimeout(long requestId) {
    Pending request = take(requestId);
    if (request == null) {
      return; // answered in time
    }
    failRead(request, 0, 0);
  }

  /** A read that got no answer: a lookup that failed, its step unguarded (counted as timed out). */
  private static void failRead(Pending request, long storeNanos, long delayNanos) {
    if (request.read() != null) {
      request.read().done(List.of(), true, storeNanos, delayNanos);
    }
  }

  private Pending take(long requestId) {
    if (pending == null) {
      return null;
    }
    for (int i = 0; i < pending.size(); i++) {
      if (pending.get(i).id() == requestId) {
        return pending.remove(i);
      }
    }
    return null;
  }

  /** Requests sent to the store so far. */
  public long messagesSent() {
    return messagesSent;
  }

  /** Stops waiting; the store itself belongs to whoever created it. */
  @Override
  public void close() {
    abandon();
  }
}
