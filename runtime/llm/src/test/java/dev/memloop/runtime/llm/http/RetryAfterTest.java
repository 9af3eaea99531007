package dev.memloop.runtime.llm.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpHeaders;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class RetryAfterTest {

  private final AtomicLong now = new AtomicLong(1_000_000_000L);
  private final RetryAfter retryAfter = new RetryAfter(now::get,
      Clock.fixed(Instant.parse("2026-12-01T20:00:00Z"), ZoneOffset.UTC));

  private static HttpHeaders headers(String name, String value) {
    return HttpHeaders.of(Map.of(name, List.of(value)), (a, b) -> true);
  }

  @Test
  void should_read_delta_seconds_and_count_down_with_the_clock() {
    retryAfter.record(429, headers("Retry-After", "2"));
    assertThat(retryAfter.remaining()).isEqualTo(Duration.ofSeconds(2));
    now.addAndGet(Duration.ofMillis(1_500).toNanos());
    assertThat(retryAfter.remaining()).isEqualTo(Duration.ofMillis(500));
    now.addAndGet(Duration.ofSeconds(1).toNanos());
    assertThat(retryAfter.remaining()).as("the wait is over").isZero();
  }

  @Test
  void should_read_an_http_date_against_the_wall_clock() {
    retryAfter.record(503, headers("Retry-After", "Tue, 1 Dec 2026 20:00:07 GMT"));
    assertThat(retryAfter.remaining()).isEqualTo(Duration.ofSeconds(7));
  }

  @Test
  void should_prefer_openai_milliseconds_to_seconds() {
    HttpHeaders both = HttpHeaders.of(Map.of("retry-after-ms", List.of("250"), "retry-after", List.of("1")),
        (a, b) -> true);
    retryAfter.record(429, both);
    assertThat(retryAfter.remaining()).isEqualTo(Duration.ofMillis(250));
  }

  @Test
  void should_ignore_other_statuses_and_unreadable_values() {
    retryAfter.record(500, headers("Retry-After", "5"));
    retryAfter.record(200, headers("Retry-After", "5"));
    for (String bad : List.of("-1", "soon", "1e3", "0x10", "NaN", "Infinity", "", "5d")) {
      retryAfter.record(429, headers("Retry-After", bad));
    }
    assertThat(retryAfter.remaining()).isZero();
  }

  @Test
  void should_never_shorten_a_wait_already_asked() {
    retryAfter.record(429, headers("Retry-After", "10"));
    retryAfter.record(429, headers("Retry-After", "1"));
    assertThat(retryAfter.remaining()).isEqualTo(Duration.ofSeconds(10));
  }

  @Test
  void should_saturate_an_absurd_wait_instead_of_overflowing() {
    retryAfter.record(429, headers("Retry-After", "999999999999999"));
    assertThat(retryAfter.remaining()).isGreaterThan(Duration.ofDays(365 * 100));
  }
}
