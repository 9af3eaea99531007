package dev.memloop.runtime.cluster;

import dev.memloop.runtime.metrics.MetricNames;
import dev.memloop.runtime.metrics.TurnMetrics;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.step.TurnResult;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A cluster node's meters for the sharded agents it hosts: their turns ({@link TurnMetrics}, one group for the
 * node's agents), {@link MetricNames#AGENTS_HOSTED} and {@link MetricNames#HANDOFFS}; and for its blackboard
 * replica, {@link MetricNames#BOARD_PROPAGATION}. Fed by every entity on the node and by the replica, from their
 * threads: every meter here is thread-safe.
 */
public final class NodeMetrics {

  private static final NodeMetrics NONE = new NodeMetrics(new CompositeMeterRegistry(), "none",
      MemoryPolicyKind.PER_STEP);

  private final TurnMetrics turns;
  private final AtomicInteger hosted = new AtomicInteger();
  private final Counter handoffs;
  private final Timer boardPropagation;

  /** @param group the tag of this node's agents, as in {@code node-2552} */
  public NodeMetrics(MeterRegistry registry, String group, MemoryPolicyKind policy) {
    turns = new TurnMetrics(registry, group, policy);
    Gauge.builder(MetricNames.AGENTS_HOSTED, hosted, AtomicInteger::get)
        .description("Sharded agents running on this node").register(registry);
    handoffs = Counter.builder(MetricNames.HANDOFFS)
        .description("Sharded agents started here from a replicated snapshot (a move or a restart)")
        .register(registry);
    boardPropagation = Timer.builder(MetricNames.BOARD_PROPAGATION)
        .description("Another node's blackboard post, from its acknowledgement there to its readability here")
        .publishPercentileHistogram().register(registry);
  }

  /** Records nothing (a registry with no backing registry: its meters are no-ops). */
  public static NodeMetrics none() {
    return NONE;
  }

  /** @param fromSnapshot whether the agent came back with completed turns (it moved, or its node restarted) */
  public void started(boolean fromSnapshot) {
    hosted.incrementAndGet();
    if (fromSnapshot) {
      handoffs.increment();
    }
  }

  /** A post from another node became readable here {@code micros} after its origin acknowledged it. */
  public void boardPostArrived(long micros) {
    boardPropagation.record(micros, java.util.concurrent.TimeUnit.MICROSECONDS);
  }

  public void stopped() {
    hosted.decrementAndGet();
  }

  public void turn(TurnResult result) {
    turns.record(result);
  }

  public int hosted() {
    return hosted.get();
  }
}
