package dev.memloop.memory.timing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The one percentile rule, pinned on known inputs. */
class NearestRankTest {

  @Test
  void should_take_the_sorted_value_at_floor_p_times_n() {
    long[] sorted = {10, 20, 30, 40, 50};
    assertThat(NearestRank.percentile(sorted, 5, 0.5)).isEqualTo(30);
    assertThat(NearestRank.percentile(sorted, 4, 0.5)).as("the upper of the two central values").isEqualTo(30);
    assertThat(NearestRank.percentile(sorted, 5, 0.99)).isEqualTo(50);
    assertThat(NearestRank.percentile(sorted, 5, 0.0)).isEqualTo(10);
    assertThat(NearestRank.percentile(sorted, 5, 1.0)).isEqualTo(50);
    assertThat(NearestRank.percentile(sorted, 5, 0.2)).isEqualTo(20); // floor(0.2 * 5) = 1
    assertThat(NearestRank.percentile(sorted, 1, 0.5)).isEqualTo(10);
    assertThat(NearestRank.percentile(sorted, 0, 0.5)).isZero();
  }

  @Test
  void should_give_the_same_answers_for_samples_in_any_order_and_leave_them_as_they_were() {
    long[] shuffled = {40, 10, 50, 30, 20};
    assertThat(NearestRank.of(shuffled, 0.5)).isEqualTo(30);
    assertThat(NearestRank.median(new long[] {4, 1, 3, 2})).as("p50 of {1, 2, 3, 4}").isEqualTo(3);
    assertThat(NearestRank.of(List.of(4L, 1L, 3L, 2L), 0.99)).isEqualTo(4);
    assertThat(NearestRank.median(new double[] {0.4, 0.1, 0.3, 0.2})).isEqualTo(0.3);
    assertThat(NearestRank.median(new double[0])).isNaN();
    assertThat(shuffled).containsExactly(40, 10, 50, 30, 20);
  }

  @Test
  void should_name_bad_arguments() {
    assertThatThrownBy(() -> NearestRank.percentile(new long[3], 3, 1.5))
        .hasMessage("percentile fraction must be in [0, 1]: 1.5");
    assertThatThrownBy(() -> NearestRank.percentile(new long[3], 4, 0.5))
        .hasMessage("sample count 4 outside [0, 3]");
    assertThatThrownBy(() -> NearestRank.of(new long[0], 0.5)).hasMessage("no samples to take a percentile of");
    assertThatThrownBy(() -> NearestRank.of(new long[] {1}, Double.NaN))
        .hasMessage("percentile fraction must be in [0, 1]: NaN");
  }
}
