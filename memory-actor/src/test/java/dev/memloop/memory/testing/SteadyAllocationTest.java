package dev.memloop.memory.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SteadyAllocationTest {

  private static volatile Object escaped;

  @Test
  void should_count_what_a_call_allocates_in_every_window() {
    SteadyAllocation allocation = SteadyAllocation.measure(() -> escaped = new long[16], 1_000, 1_000, 3, 0);
    assertThat(allocation.bytesPerCall()).as("a 16-long array escapes each call").isGreaterThanOrEqualTo(128);
    assertThat(allocation.windows()).as("never at or below 0, so every window ran").hasSize(3);
  }

  @Test
  void should_stop_at_the_first_window_that_allocates_nothing() {
    long[] sink = new long[1];
    SteadyAllocation allocation = SteadyAllocation.measure(() -> sink[0]++, 10_000, 1_000, 5, 0);
    assertThat(allocation.bytesPerCall()).isZero();
    assertThat(allocation.windows()).last().isEqualTo(0L);
    assertThat(sink[0]).isGreaterThan(10_000);
  }

  @Test
  void should_refuse_an_empty_measurement_by_name() {
    assertThatThrownBy(() -> SteadyAllocation.measure(() -> { }, 0, 0, 1, 0))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("calls 0");
  }
}
