package dev.memloop.runtime.llm.http;

import java.net.http.HttpHeaders;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * What a model server last asked for in {@code Retry-After} (RFC 9110 §10.2.3: delta-seconds or an HTTP-date) or in
 * OpenAI's {@code retry-after-ms}, on a 429 or a 503: the earliest instant the next attempt should start.
 *
 * <p>One per server and key, shared by every call to it: a rate limit is the key's, not one request's, so every
 * agent backs off together. Thread-safe: the HTTP client's threads record, callers read.
 */
public final class RetryAfter {

  private final LongSupplier nanoTime;
  private final java.time.Clock wallClock;
  /** {@code nanoTime} before which no retry should start; Long.MIN_VALUE: nothing asked. */
  private final AtomicLong notBefore = new AtomicLong(Long.MIN_VALUE);

  public RetryAfter() {
    this(System::nanoTime, java.time.Clock.systemUTC());
  }

  /** With the clocks given (tests): the monotonic one for waits, the wall clock to read an HTTP-date. */
  public RetryAfter(LongSupplier nanoTime, java.time.Clock wallClock) {
    this.nanoTime = nanoTime;
    this.wallClock = wallClock;
  }

  /** Records what a response asked for, if it is a 429 or a 503 with a readable header; later asks never shorten. */
  public void record(int status, HttpHeaders headers) {
    if (status != 429 && status != 503) {
      return;
    }
    parse(headers).ifPresent(wait -> {
      long until = saturatedAdd(nanoTime.getAsLong(), wait.toNanos());
      notBefore.accumulateAndGet(until, Math::max);
    });
  }

  /** How long from now the server asked callers to wait; zero when it asked nothing or the wait is over. */
  public Duration remaining() {
    long asked = notBefore.get();
    if (asked == Long.MIN_VALUE) {
      return Duration.ZERO;
    }
    long left = asked - nanoTime.getAsLong();
    return left <= 0 ? Duration.ZERO : Duration.ofNanos(left);
  }

  /**
   * The wait a response asks for: {@code retry-after-ms} first (finer), else {@code Retry-After} as delta-seconds or
   * an HTTP-date; empty when absent or unreadable (a malformed header is ignored, as RFC 9110 lets a client do).
   */
  Optional<Duration> parse(HttpHeaders headers) {
    Optional<String> millis = headers.firstValue("retry-after-ms");
    if (millis.isPresent()) {
      Optional<Duration> wait = number(millis.get()).map(ms -> Duration.ofNanos((long) Math.min(ms * 1e6, 9e18)));
      if (wait.isPresent()) {
        return wait;
      }
    }
    return headers.firstValue("retry-after").flatMap(this::secondsOrDate);
  }

  private Optional<Duration> secondsOrDate(String value) {
    Optional<Double> seconds = number(value);
    if (seconds.isPresent()) {
      return seconds.map(s -> Duration.ofNanos((long) Math.min(s * 1e9, 9e18)));
    }
    try {
      ZonedDateTime at = ZonedDateTime.parse(value.trim(), DateTimeFormatter.RFC_1123_DATE_TIME);
      Duration wait = Duration.between(wallClock.instant(), at.toInstant());
      return Optional.of(wait.isNegative() ? Duration.ZERO : wait);
    } catch (DateTimeParseException notADate) {
      return Optional.empty();
    }
  }

  /** Plain digits, a fraction allowed (RFC 9110's delta-seconds is digits only; Java's number syntax is not). */
  private static Optional<Double> number(String value) {
    String trimmed = value.trim();
    return DIGITS.matcher(trimmed).matches() ? Optional.of(Double.parseDouble(trimmed)) : Optional.empty();
  }

  private static final java.util.regex.Pattern DIGITS = java.util.regex.Pattern.compile("\\d{1,15}(\\.\\d{1,9})?");

  private static long saturatedAdd(long a, long b) {
    long sum = a + b;
    return ((a ^ sum) & (b ^ sum)) < 0 ? Long.MAX_VALUE : sum;
  }
}
