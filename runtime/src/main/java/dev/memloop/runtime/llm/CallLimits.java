package dev.memloop.runtime.llm;

import io.github.resilience4j.bulkhead.Bulkhead;
import io.github.resilience4j.bulkhead.BulkheadConfig;
import io.github.resilience4j.ratelimiter.RateLimiter;
import io.github.resilience4j.ratelimiter.RateLimiterConfig;
import java.time.Duration;

/**
 * Bounds on a fleet's model calls ({@code memloop.llm.max-concurrent}, {@code memloop.llm.calls-per-second}): at
 * most {@code maxConcurrent} in flight at once (a resilience4j semaphore bulkhead; a call waits up to
 * {@code maxWait} for a slot, then fails as timed out), and at most {@code callsPerSecond} started per second (a
 * resilience4j rate limiter; a call waits for its permission). Zero means no bound. Immutable.
 */
public record CallLimits(int maxConcurrent, double callsPerSecond, Duration maxWait) {

  /** No bound at all. */
  public static final CallLimits NONE = new CallLimits(0, 0, Duration.ofMinutes(10));

  public CallLimits {
    if (maxConcurrent < 0) {
      throw new IllegalArgumentException("memloop.llm.max-concurrent must be >= 0 (0 for no bound): " + maxConcurrent);
    }
    if (!(callsPerSecond >= 0) || Double.isInfinite(callsPerSecond)) {
      throw new IllegalArgumentException("memloop.llm.calls-per-second must be >= 0 (0 for no bound): "
          + callsPerSecond);
    }
    if (maxWait == null || maxWait.isNegative() || maxWait.isZero()) {
      throw new IllegalArgumentException("a call's wait for a slot must be > 0: " + maxWait);
    }
  }

  Bulkhead bulkhead(String name) {
    return maxConcurrent == 0 ? null : Bulkhead.of("memloop-llm-" + name, BulkheadConfig.custom()
        .maxConcurrentCalls(maxConcurrent).maxWaitDuration(maxWait).build());
  }

  RateLimiter rateLimiter(String name) {
    if (callsPerSecond == 0) {
      return null;
    }
    // a whole number of permits per refresh period: 2.5 calls/s is 3 every 1.2 s; below 1/s, one every 1/rate s
    int permits = (int) Math.max(1, Math.round(callsPerSecond));
    Duration period = Duration.ofNanos(Math.round(permits * 1e9 / callsPerSecond));
    return RateLimiter.of("memloop-llm-" + name, RateLimiterConfig.custom().limitForPeriod(permits)
        .limitRefreshPeriod(period).timeoutDuration(maxWait).build());
  }
}
