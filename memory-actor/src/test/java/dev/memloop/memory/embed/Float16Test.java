package dev.memloop.memory.embed;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class Float16Test {

  @Test
  void should_round_trip_every_half_precision_value() {
    for (int bits = 0; bits < 0x10000; bits++) {
      float value = Float16.toFloat((short) bits);
      if (Float.isNaN(value)) {
        assertThat(Float.isNaN(Float16.toFloat(Float16.fromFloat(value)))).isTrue();
      } else {
        assertThat(Float16.fromFloat(value) & 0xffff).as("bits %04x", bits).isEqualTo(bits);
      }
    }
  }

  @Test
  void should_convert_known_values_and_round_to_nearest_even() {
    assertThat(Float16.toFloat((short) 0x3c00)).isEqualTo(1f);
    assertThat(Float16.toFloat((short) 0xc000)).isEqualTo(-2f);
    assertThat(Float16.toFloat((short) 0x7bff)).isEqualTo(65504f);
    assertThat(Float16.toFloat((short) 0x0001)).isEqualTo(0x1p-24f);
    assertThat(Float16.fromFloat(1f + 0x1p-11f)).isEqualTo((short) 0x3c00); // halfway, even stays
    assertThat(Float16.fromFloat(1f + 3 * 0x1p-11f)).isEqualTo((short) 0x3c02); // halfway, odd rounds up
    assertThat(Float16.fromFloat(70000f)).isEqualTo((short) 0x7c00); // overflow to infinity
    assertThat(Float16.fromFloat(0x1p-26f)).isEqualTo((short) 0); // underflow to zero
  }
}
