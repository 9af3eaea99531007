package dev.memloop.runtime.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.apache.commons.text.similarity.LevenshteinDistance;
import org.junit.jupiter.api.Test;

class EditDistanceTest {

  @Test
  void should_agree_with_commons_text_on_random_keys_within_and_beyond_the_bound() {
    SplittableRandom random = new SplittableRandom(20261202);
    for (int bound = 0; bound <= 4; bound++) {
      LevenshteinDistance reference = new LevenshteinDistance(bound);
      for (int i = 0; i < 5_000; i++) {
        String a = word(random);
        String b = random.nextInt(3) == 0 ? a : mutate(a, random);
        assertThat(EditDistance.within(a, b, bound)).as("%s / %s within %d", a, b, bound)
            .isEqualTo(reference.apply(a, b));
      }
    }
  }

  @Test
  void should_count_one_edit_for_a_typo_in_a_key() {
    assertThat(EditDistance.within("memloop.agnet.policy", "memloop.agent.policy", 3)).isEqualTo(2);
    assertThat(EditDistance.within("", "abc", 3)).isEqualTo(3);
    assertThat(EditDistance.within("", "abcd", 3)).isEqualTo(-1);
  }

  private static String word(SplittableRandom random) {
    StringBuilder b = new StringBuilder();
    int length = random.nextInt(12);
    for (int i = 0; i < length; i++) {
      b.append((char) ('a' + random.nextInt(4)));
    }
    return b.toString();
  }

  private static String mutate(String a, SplittableRandom random) {
    StringBuilder b = new StringBuilder(a);
    for (int edits = random.nextInt(6); edits > 0; edits--) {
      int at = b.length() == 0 ? 0 : random.nextInt(b.length());
      switch (random.nextInt(3)) {
        case 0 -> b.insert(at, (char) ('a' + random.nextInt(4)));
        case 1 -> { if (b.length() > 0) b.deleteCharAt(at); }
        default -> { if (b.length() > 0) b.setCharAt(at, (char) ('a' + random.nextInt(4))); }
      }
    }
    return b.toString();
  }
}
