package dev.memloop.runtime.llm;

import java.util.concurrent.atomic.LongAdder;

/** What a run's model calls cost and how they failed; shared by every agent of a run, so thread-safe. */
public final class LlmCounters {

  /** A snapshot, for records and reports. */
  public record Snapshot(long calls, long retries, long failures, long timeouts, long toolErrors, long malformedReplies,
      long inputTokens, long outputTokens) {}

  final LongAdder calls = new LongAdder();
  final LongAdder retries = new LongAdder();
  final LongAdder failures = new LongAdder();
  final LongAdder timeouts = new LongAdder();
  final LongAdder toolErrors = new LongAdder();
  final LongAdder malformedReplies = new LongAdder();
  final LongAdder inputTokens = new LongAdder();
  final LongAdder outputTokens = new LongAdder();

  public void toolError() {
    toolErrors.increment();
  }

  public void malformedReply() {
    malformedReplies.increment();
  }

  public Snapshot snapshot() {
    return new Snapshot(calls.sum(), retries.sum(), failures.sum(), timeouts.sum(), toolErrors.sum(),
        malformedReplies.sum(), inputTokens.sum(), outputTokens.sum());
  }
}
