package dev.memloop.memory.embed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.memloop.memory.internal.vector.VectorMath;
import org.junit.jupiter.api.Test;

class HashingEmbedderTest {

  private final HashingEmbedder embedder = new HashingEmbedder(128);

  @Test
  void should_be_deterministic_unit_length_and_case_insensitive() {
    float[] a = embedder.embed("Investigate HOST=web-03");
    float[] b = embedder.embed("investigate host=web-03");
    assertThat(a).containsExactly(b);
    assertThat(VectorMath.dot(a, a)).isCloseTo(1f, within(1e-6f));
  }

  @Test
  void should_rank_shared_words_above_unrelated_text() {
    float[] base = embedder.embed("ssh brute force on web-03");
    float near = VectorMath.dot(base, embedder.embed("ssh brute force on web-07"));
    float far = VectorMath.dot(base, embedder.embed("quarterly revenue spreadsheet"));
    assertThat(near).isGreaterThan(0.5f).isGreaterThan(far + 0.3f);
  }

  @Test
  void should_embed_text_without_words_to_zero_and_name_bad_arguments() {
    assertThat(embedder.embed("-- !! ??")).containsOnly(0f);
    assertThat(embedder.embed("")).containsOnly(0f);
    assertThatThrownBy(() -> new HashingEmbedder(0)).hasMessage("dimension must be > 0: 0");
    assertThatThrownBy(() -> embedder.embed(null)).hasMessage("text must not be null");
  }
}
