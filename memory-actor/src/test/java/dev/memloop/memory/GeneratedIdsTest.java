package dev.memloop.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** A generated id read without its string answers as the string would. */
class GeneratedIdsTest {

  static final long[] KEYS = {0, 1, 9, 10, 11, 99, 100, 101, 12_345, 999_999, 1_000_000, Long.MAX_VALUE};

  @Test
  void should_hash_as_the_string_does() {
    for (String prefix : new String[] {"m1a-", "", "notes/"}) {
      for (long key : KEYS) {
        assertThat(GeneratedIds.hash(prefix, key)).as("%s%d", prefix, key).isEqualTo((prefix + key).hashCode());
      }
    }
  }

  @Test
  void should_match_exactly_the_string_it_stands_for() {
    for (long key : KEYS) {
      String id = "m1a-" + key;
      assertThat(GeneratedIds.matches(id, "m1a-", key)).as(id).isTrue();
      assertThat(GeneratedIds.matches(id + "0", "m1a-", key)).as(id + "0").isFalse();
      assertThat(GeneratedIds.matches("m1b-" + key, "m1a-", key)).isFalse();
      assertThat(GeneratedIds.matches(id, "m1a-", key == 0 ? 1 : key - 1)).isFalse();
      assertThat(GeneratedIds.matches("m1a-0" + key, "m1a-", key)).as("a leading zero").isFalse();
    }
    assertThat(GeneratedIds.matches("m1a-", "m1a-", 0)).isFalse();
  }

  @Test
  void should_refuse_a_negative_key() {
    assertThatThrownBy(() -> GeneratedIds.hash("m-", -1)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("-1");
  }
}
