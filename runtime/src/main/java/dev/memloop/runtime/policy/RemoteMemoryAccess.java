package dev.memloop.runtime.policy;

import dev.memloop.memory.actor.MemoryStore;
import dev.memloop.memory.timing.DelayTimer;
import java.util.function.LongConsumer;
import org.apache.pekko.actor.typed.ActorRef;

/**
 * The networked arm: the guard's lookups as {@link MemoryStore.Match} messages, answered on the agent's thread
 * when the reply (delayed by the injected round trip) arrives. A lookup waits on a {@link DelayTimer} timeout,
 * never on a blocked thread, so thousands of waiting agents share two cores; a lost reply becomes a timeout
 * and the late reply, if it ever comes, is dropped by its request id.
 *
 * <p>Not thread-safe: the owning agent calls it and forwards it the store's replies ({@link #onReply}) and its
 * own timeout messages ({@link #onTimeout}).
 */
public final class RemoteMemoryAccess implements MemoryAccess {

  private final ActorRef<MemoryStore.Command> store;
  private ActorRef<MemoryStore.Reply> replyTo;
  private final DelayTimer timer;
  private final LongConsumer timeoutMessage;
  private final long injectedDelayNanos;
  private long lastRequestId;
  private long pendingId = -1;
  private Callback pending;
  private DelayTimer.Scheduled pendingTimeout;
  private long rejectedWrites;
  private long messagesSent;

  /**
   * @param replyTo the agent's adapter for store replies; may be bound later ({@link #bind})
   * @param timeoutMessage sends the agent a timeout message carrying the request id (runs on the timer thread,
   *     so it must only {@code tell})
   * @param injectedDelayNanos the round trip the store injects, for the budget estimate
   */
  public RemoteMemoryAccess(ActorRef<MemoryStore.Command> store, ActorRef<MemoryStore.Reply> replyTo, DelayTimer timer,
      LongConsumer timeoutMessage, long injectedDelayNanos) {
    this.store = store;
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
  public void match(float[] vector, double threshold, long timeoutNanos, Callback callback) {
    if (pending != null) {
      throw new IllegalStateException("one lookup at a time: request " + pendingId + " is still waiting");
    }
    long id = ++lastRequestId;
    pendingId = id;
    pending = callback;
    pendingTimeout = timer.schedule(Math.max(0, timeoutNanos), achieved -> timeoutMessage.accept(id));
    messagesSent++;
    store.tell(new MemoryStore.Match(id, null, vector, threshold, replyTo));
  }

  @Override
  public void add(String line, float[] vector) {
    messagesSent++;
    store.tell(new MemoryStore.Add(++lastRequestId, line, vector, null, replyTo));
  }

  /** Sets where the store's replies go: the agent's adapter, registered anew by every (re)started behavior. */
  public void bind(ActorRef<MemoryStore.Reply> newReplyTo) {
    this.replyTo = newReplyTo;
  }

  /** Forgets a lookup in flight without answering it (the behavior that asked was restarted). */
  public void abandon() {
    if (pendingTimeout != null) {
      pendingTimeout.cancel();
    }
    pending = null;
    pendingId = -1;
    pendingTimeout = null;
  }

  /** A reply from the store: completes the waiting lookup if it is the one asked for, drops it otherwise. */
  public void onReply(MemoryStore.Reply reply) {
    if (reply instanceof MemoryStore.Rejected rejected) {
      if (reply.requestId() == pendingId) {
        // the guard validates what it sends; a refused lookup is a bug to surface, not an unguarded step
        throw new IllegalStateException("the memory store refused a guard lookup: " + rejected.reason());
      }
      rejectedWrites++;
      return;
    }
    if (reply.requestId() != pendingId || !(reply instanceof MemoryStore.Matched matched)) {
      return; // a write's acknowledgement, or a reply we stopped waiting for
    }
    pendingTimeout.cancel();
    Callback callback = clearPending();
    callback.done(matched.best(), false, matched.storeNanos(), matched.delayNanos());
  }

  /** The agent's timeout message for request {@code requestId}. */
  public void onTimeout(long requestId) {
    if (requestId == pendingId) {
      clearPending().done(null, true, 0, 0);
    }
  }

  /** Requests sent to the store so far. */
  public long messagesSent() {
    return messagesSent;
  }

  /** Writes the store refused (a full memory without eviction, for one). */
  public long rejectedWrites() {
    return rejectedWrites;
  }

  private Callback clearPending() {
    Callback callback = pending;
    pending = null;
    pendingId = -1;
    pendingTimeout = null;
    return callback;
  }

  /** Stops waiting; the store itself belongs to whoever created it. */
  @Override
  public void close() {
    abandon();
  }
}
