package dev.memloop.runtime.llm;

import java.util.concurrent.atomic.LongAdder;

/** What a run's model calls cost and how they failed; shared by every agent of a run, so thread-safe. */
public final class LlmCounters {

  /** One answered call: the model, its tokens (as the server counted them; 0 when it did not say) and its time. */
  public record CallUsage(String model, long inputTokens, long outputTokens, long nanos) {}

  /**
   * A snapshot, for records and reports.
   *
   * @param retriesByCause the retries by what caused them: {@code rate-limit} (429), {@code server-error} (5xx),
   *     {@code connection} (reset, refused, or closed before any answer); they sum to {@code retries}
   */
  public record Snapshot(long calls, long retries, long failures, long timeouts, long toolErrors, long malformedReplies,
      long inputTokens, long outputTokens, java.util.Map<String, Long> retriesByCause) {
    public Snapshot {
      retriesByCause = java.util.Map.copyOf(retriesByCause);
    }
  }

  final LongAdder calls = new LongAdder();
  final LongAdder retries = new LongAdder();
  final LongAdder failures = new LongAdder();
  final LongAdder timeouts = new LongAdder();
  final LongAdder toolErrors = new LongAdder();
  final LongAdder malformedReplies = new LongAdder();
  final LongAdder inputTokens = new LongAdder();
  final LongAdder outputTokens = new LongAdder();
  private final java.util.concurrent.ConcurrentHashMap<String, LongAdder> retriesByCause =
      new java.util.concurrent.ConcurrentHashMap<>();
  private final java.util.concurrent.ConcurrentLinkedQueue<CallUsage> usage = new java.util.concurrent.ConcurrentLinkedQueue<>();

  void answered(CallUsage call) {
    usage.add(call);
    inputTokens.add(call.inputTokens());
    outputTokens.add(call.outputTokens());
  }

  /** Every answered call of the run, in the order they were answered. */
  public java.util.List<CallUsage> usage() {
    return java.util.List.copyOf(usage);
  }

  /** One retry, and what caused it. */
  void retried(String cause) {
    retries.increment();
    retriesByCause.computeIfAbsent(cause, c -> new LongAdder()).increment();
  }

  public void toolError() {
    toolErrors.increment();
  }

  public void malformedReply() {
    malformedReplies.increment();
  }

  public Snapshot snapshot() {
    return new Snapshot(calls.sum(), retries.sum(), failures.sum(), timeouts.sum(), toolErrors.sum(),
        malformedReplies.sum(), inputTokens.sum(), outputTokens.sum(), retriesByCause.entrySet().stream()
            .collect(java.util.stream.Collectors.toMap(java.util.Map.Entry::getKey, e -> e.getValue().sum())));
  }
}
