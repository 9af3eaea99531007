package dev.memloop.runtime.llm;

import static dev.memloop.runtime.config.ConfigValues.value;
import static dev.memloop.runtime.config.ConfigValues.wholeNumber;

import com.typesafe.config.Config;
import dev.memloop.memory.timing.Units;
import io.github.resilience4j.bulkhead.Bulkhead;
import io.github.resilience4j.bulkhead.BulkheadConfig;
import io.github.resilience4j.ratelimiter.RateLimiter;
import io.github.resilience4j.ratelimiter.RateLimiterConfig;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Bounds on model calls, shared by every {@link ChatCalls} made {@link ChatCalls#limited limited} by this object
 * (a fleet's groups, whatever their models): at most {@code maxConcurrent} calls in flight at once (a resilience4j
 * semaphore bulkhead; a call waits up to {@code maxWait} for a slot, then fails as timed out), and at most
 * {@code callsPerSecond} started per second (a resilience4j rate limiter; a call waits up to {@code maxWait} for its
 * permission). Zero means no bound. Thread-safe.
 */
public final class CallLimits {

  private static final AtomicLong NAMES = new AtomicLong(); // before NONE: its constructor names it

  /** No bound at all. */
  public static final CallLimits NONE = new CallLimits(0, 0, Duration.ofMinutes(10));

  private final int maxConcurrent;
  private final double callsPerSecond;
  private final Duration maxWait;
  private final Bulkhead inFlight; // null: no bound
  private final RateLimiter starts; // null: no bound

  /**
   * @throws IllegalArgumentException naming the key: a negative bound, a rate that is not finite, a wait <= 0
   */
  public CallLimits(int maxConcurrent, double callsPerSecond, Duration maxWait) {
    if (maxConcurrent < 0) {
      throw new IllegalArgumentException("memloop.llm.max-concurrent must be >= 0 (0 for no bound): " + maxConcurrent);
    }
    if (!(callsPerSecond >= 0) || Double.isInfinite(callsPerSecond)) {
      throw new IllegalArgumentException("memloop.llm.calls-per-second must be >= 0 (0 for no bound): "
          + callsPerSecond);
    }
    if (maxWait == null || maxWait.isNegative() || maxWait.isZero()) {
      throw new IllegalArgumentException("a call's wait for a slot must be > 0: " + Units.config(maxWait));
    }
    this.maxConcurrent = maxConcurrent;
    this.callsPerSecond = callsPerSecond;
    this.maxWait = maxWait;
    String name = "memloop-llm-" + NAMES.incrementAndGet();
    this.inFlight = maxConcurrent == 0 ? null : Bulkhead.of(name, BulkheadConfig.custom()
        .maxConcurrentCalls(maxConcurrent).maxWaitDuration(maxWait).build());
    this.starts = callsPerSecond == 0 ? null : rateLimiter(name, callsPerSecond, maxWait);
  }

  /** {@code memloop.llm.max-concurrent} and {@code memloop.llm.calls-per-second}, each call waiting up to a minute. */
  public static CallLimits from(Config config) {
    Config llm = config.getConfig(LlmSettings.PATH);
    int concurrent = value(llm, "max-concurrent", LlmSettings.PATH, () -> wholeNumber(llm, "max-concurrent"));
    double rate = value(llm, "calls-per-second", LlmSettings.PATH, () -> llm.getDouble("calls-per-second"));
    return new CallLimits(concurrent, rate, Duration.ofMinutes(1));
  }

  private static RateLimiter rateLimiter(String name, double callsPerSecond, Duration maxWait) {
    // a whole number of permits per refresh period: 2.5 calls/s is 3 every 1.2 s; below 1/s, one every 1/rate s
    int permits = (int) Math.max(1, Math.round(callsPerSecond));
    Duration period = Duration.ofNanos(Math.round(permits * 1e9 / callsPerSecond));
    return RateLimiter.of(name, RateLimiterConfig.custom().limitForPeriod(permits).limitRefreshPeriod(period)
        .timeoutDuration(maxWait).build());
  }

  public int maxConcurrent() {
    return maxConcurrent;
  }

  public double callsPerSecond() {
    return callsPerSecond;
  }

  public Duration maxWait() {
    return maxWait;
  }

  Bulkhead inFlight() {
    return inFlight;
  }

  RateLimiter starts() {
    return starts;
  }

  @Override
  public String toString() {
    return String.format(Locale.ROOT, "CallLimits[max-concurrent=%s, calls-per-second=%s]",
        maxConcurrent == 0 ? "unbounded" : maxConcurrent, callsPerSecond == 0 ? "unbounded" : callsPerSecond);
  }
}
