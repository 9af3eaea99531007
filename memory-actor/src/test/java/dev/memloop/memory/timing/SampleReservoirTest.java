package dev.memloop.memory.timing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SampleReservoirTest {

  @Test
  void should_report_nearest_rank_percentiles_of_raw_samples() {
    SampleReservoir reservoir = new SampleReservoir();
    for (long v = 100; v >= 1; v--) {
      reservoir.record(v);
    }
    OpStats stats = reservoir.stats();
    assertThat(stats.count()).isEqualTo(100);
    assertThat(stats.retained()).isEqualTo(100);
    assertThat(stats.p50()).isEqualTo(51); // sorted value at index floor(100 / 2)
    assertThat(stats.p99()).isEqualTo(100);
    assertThat(stats.mean()).isEqualTo(50);
    assertThat(stats.max()).isEqualTo(100);
  }

  @Test
  void should_stay_bounded_and_exact_in_count_mean_and_max() {
    SampleReservoir reservoir = new SampleReservoir(64);
    for (long v = 1; v <= 10_000; v++) {
      reservoir.record(v);
    }
    OpStats stats = reservoir.stats();
    assertThat(stats.count()).isEqualTo(10_000);
    assertThat(stats.retained()).isEqualTo(64);
    assertThat(reservoir.samples()).hasSize(64);
    assertThat(stats.max()).isEqualTo(10_000);
    assertThat(stats.mean()).isEqualTo(5000);
    // a uniform sample of 1..10,000: its median is nowhere near the first 64 values
    assertThat(stats.p50()).isBetween(2000L, 8000L);
  }

  @Test
  void should_retain_the_same_samples_for_the_same_sequence() {
    SampleReservoir a = new SampleReservoir(16);
    SampleReservoir b = new SampleReservoir(16);
    for (long v = 0; v < 1000; v++) {
      a.record(v * 7 % 1009);
      b.record(v * 7 % 1009);
    }
    assertThat(a.samples()).containsExactly(b.samples());
  }

  @Test
  void should_allocate_nothing_before_the_first_sample_and_forget_on_clear() {
    SampleReservoir reservoir = new SampleReservoir();
    assertThat(reservoir.samples()).isEmpty();
    assertThat(reservoir.stats()).isEqualTo(OpStats.EMPTY);
    reservoir.record(5);
    reservoir.clear();
    assertThat(reservoir.count()).isZero();
    assertThat(reservoir.stats()).isEqualTo(OpStats.EMPTY);
  }

  @Test
  void should_name_bad_values() {
    assertThatThrownBy(() -> new SampleReservoir(0)).hasMessage("reservoir capacity must be > 0: 0");
    assertThatThrownBy(() -> new SampleReservoir().record(-1)).hasMessage("duration must be >= 0 ns: -1");
    assertThatThrownBy(() -> new OpStats(1, 2, 0, 0, 0, 0)).hasMessageContaining("count 1, retained 2");
  }
}
