package dev.memloop.memory.timing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class NearestRankTest {

  @Test
  void should_take_the_sorted_value_at_floor_p_times_n() {
    long[] sorted = {10, 20, 30, 40, 50};
    assertThat(NearestRank.percentile(sorted, 5, 0.5)).isEqualTo(30);
    assertThat(NearestRank.percentile(sorted, 4, 0.5)).isEqualTo(30); // floor(4 / 2) = 2
    assertThat(NearestRank.percentile(sorted, 5, 0.99)).isEqualTo(50);
    assertThat(NearestRank.percentile(sorted, 5, 0.0)).isEqualTo(10);
    assertThat(NearestRank.percentile(sorted, 5, 1.0)).isEqualTo(50);
    assertThat(NearestRank.percentile(sorted, 1, 0.5)).isEqualTo(10);
    assertThat(NearestRank.percentile(sorted, 0, 0.5)).isZero();
  }

  @Test
  void should_name_bad_arguments() {
    assertThatThrownBy(() -> NearestRank.percentile(new long[3], 3, 1.5))
        .hasMessage("percentile fraction must be in [0, 1]: 1.5");
    assertThatThrownBy(() -> NearestRank.percentile(new long[3], 4, 0.5))
        .hasMessage("sample count 4 outside [0, 3]");
  }
}
