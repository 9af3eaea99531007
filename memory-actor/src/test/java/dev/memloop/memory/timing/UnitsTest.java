package dev.memloop.memory.timing;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class UnitsTest {

  @Test
  void should_give_microseconds_the_precision_of_their_size() {
    assertThat(Units.micros(3_141)).isEqualTo("3.14");
    assertThat(Units.micros(42_049)).isEqualTo("42.0");
    assertThat(Units.micros(1_234_400)).isEqualTo("1,234");
    assertThat(Units.microsWithUnit(500)).isEqualTo("0.50 us");
  }

  @Test
  void should_write_sizes_in_binary_units() {
    assertThat(Units.bytes(512)).isEqualTo("512 B");
    assertThat(Units.bytes(1_983)).isEqualTo("1.9 KiB");
    assertThat(Units.bytes(6L << 30)).isEqualTo("6.0 GiB");
    assertThat(Units.bytes(Long.MAX_VALUE)).isEqualTo("8.0 EiB");
  }

  @Test
  void should_pick_the_unit_that_reads_best() {
    assertThat(Units.time(42_000)).isEqualTo("0.042 ms");
    assertThat(Units.time(12_500_000)).isEqualTo("12.5 ms");
    assertThat(Units.time(1_250_000_000)).isEqualTo("1.25 s");
  }

  @Test
  void should_spell_a_duration_as_a_config_file_does() {
    assertThat(Units.config(Duration.ofMillis(30))).isEqualTo("30ms");
    assertThat(Units.config(Duration.ofMillis(-5))).isEqualTo("-5ms");
    assertThat(Units.config(Duration.ofSeconds(2))).isEqualTo("2s");
    assertThat(Units.config(Duration.ofNanos(1_500_000))).isEqualTo("1500us");
    assertThat(Units.config(Duration.ofNanos(7))).isEqualTo("7ns");
    assertThat(Units.config(Duration.ZERO)).isEqualTo("0s");
    assertThat(Units.config(Duration.ofHours(2))).isEqualTo("2h");
    assertThat(Units.config(Duration.ofDays(400))).isEqualTo("400d");
    assertThat(Units.config(Duration.ofMinutes(90))).isEqualTo("5400s");
    assertThat(Units.config(null)).isEqualTo("unlimited");
  }
}
