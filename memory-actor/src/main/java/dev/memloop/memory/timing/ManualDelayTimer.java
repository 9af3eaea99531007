package dev.memloop.memory.timing;

import java.time.Duration;
import java.util.PriorityQueue;
import java.util.function.LongConsumer;

/**
 * A {@link DelayTimer} whose time moves only when a test calls {@link #advance}: due actions then run on the
 * calling thread, in deadline order (ties in scheduling order), each told the delay it asked for plus any
 * time the advance overshot. Thread-safe.
 */
public final class ManualDelayTimer implements DelayTimer {

  private final PriorityQueue<Task> queue =
      new PriorityQueue<>((a, b) -> a.deadline != b.deadline ? Long.compare(a.deadline, b.deadline) : Long.compare(a.seq, b.seq));
  private long now;
  private long sequence;

  private final class Task implements Scheduled {
    final long deadline;
    final long start;
    final long seq;
    final LongConsumer action;

    Task(long start, long deadline, long seq, LongConsumer action) {
      this.start = start;
      this.deadline = deadline;
      this.seq = seq;
      this.action = action;
    }

    @Override
    public boolean cancel() {
      synchronized (ManualDelayTimer.this) {
        return queue.remove(this);
      }
    }
  }

  @Override
  public synchronized long nanoTime() {
    return now;
  }

  @Override
  public synchronized Scheduled schedule(long delayNanos, LongConsumer action) {
    DelayTimer.checkDelay(delayNanos);
    Task task = new Task(now, now + delayNanos, sequence++, action);
    queue.add(task);
    return task;
  }

  /** Moves time forward by {@code amount} and runs every action that fell due, at its own deadline. */
  public void advance(Duration amount) {
    if (amount.isNegative()) {
      throw new IllegalArgumentException("time only moves forward: " + Units.config(amount));
    }
    long target;
    synchronized (this) {
      target = now + amount.toNanos();
    }
    while (true) {
      Task due;
      synchronized (this) {
        due = queue.peek();
        if (due == null || due.deadline > target) {
          now = target;
          return;
        }
        queue.poll();
        now = due.deadline;
      }
      due.action.accept(due.deadline - due.start); // outside the lock: an action may schedule another
    }
  }

  /** Actions waiting to run. */
  public synchronized int pending() {
    return queue.size();
  }
}
