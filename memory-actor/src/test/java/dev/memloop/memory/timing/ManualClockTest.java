package dev.memloop.memory.timing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** A clock that moves only when told, and refuses what would make no time by name. */
class ManualClockTest {

  static final Instant START = Instant.parse("2026-01-01T00:00:00Z");

  @Test
  void should_move_only_when_told() {
    ManualClock clock = new ManualClock(START);
    assertThat(clock.instant()).isEqualTo(START);
    clock.advance(Duration.ofMinutes(5));
    assertThat(clock.millis()).isEqualTo(START.plus(Duration.ofMinutes(5)).toEpochMilli());
    clock.set(START.minusSeconds(1));
    assertThat(clock.instant()).isEqualTo(START.minusSeconds(1));
  }

  @Test
  void should_refuse_a_missing_instant_or_a_negative_step_and_stay_where_it_was() {
    assertThatThrownBy(() -> new ManualClock(null)).hasMessageContaining("start instant");
    ManualClock clock = new ManualClock(START);
    assertThatThrownBy(() -> clock.advance(Duration.ofSeconds(-1))).hasMessageContaining("PT-1S");
    assertThatThrownBy(() -> clock.set(null)).hasMessageContaining("instant must not be null");
    assertThat(clock.instant()).isEqualTo(START);
  }
}
