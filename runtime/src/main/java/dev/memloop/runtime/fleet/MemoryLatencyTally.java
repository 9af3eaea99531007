package dev.memloop.runtime.fleet;

import dev.memloop.runtime.step.GuardCheck;
import dev.memloop.runtime.step.MemoryCall;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * The latency of a group's memory calls by operation, the guard's lookups ({@code guard}) beside the reasoners'
 * calls ({@code recall}, {@code match}, {@code seen}, {@code remember}): a read's measured cost (what the budget was
 * charged: embedding, store work and round trip), a write's embedding, store work and round trip. Calls that never
 * reached a memory (unaffordable, no memory, a per-turn write held for the turn's end) are not timed.
 * Not thread-safe: fed by the fleet's stream.
 */
final class MemoryLatencyTally {

  private final Map<String, Histogram> byOperation = new TreeMap<>(); // only operations that ran appear

  void guard(GuardCheck check) {
    record("guard", check.cost().chargedNanos());
  }

  void call(MemoryCall call) {
    switch (call.outcome()) {
      case UNAFFORDABLE, NO_MEMORY, BUFFERED -> { }
      default -> record(call.op().name().toLowerCase(Locale.ROOT), call.op().reads() ? call.cost().chargedNanos()
          : call.cost().embedNanos() + call.cost().storeNanos() + call.cost().delayNanos());
    }
  }

  private void record(String operation, long nanos) {
    byOperation.computeIfAbsent(operation, o -> new Histogram(3)).recordValue(Math.max(0, nanos));
  }

  Map<String, GroupSummary.Latency> summary() {
    Map<String, GroupSummary.Latency> out = new TreeMap<>();
    byOperation.forEach((operation, h) -> out.put(operation, new GroupSummary.Latency(h.getTotalCount(),
        h.getValueAtPercentile(50), h.getValueAtPercentile(99), h.getMaxValue())));
    return out;
  }
}
