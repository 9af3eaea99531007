package dev.memloop.memory.embed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memloop.memory.Embedder;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class CachingEmbedderTest {

  /** The hashing embedder, counting its calls. */
  private static final class Counting implements Embedder {
    final AtomicInteger calls = new AtomicInteger();
    final Embedder inner = new HashingEmbedder(16);

    @Override
    public float[] embed(String text) {
      calls.incrementAndGet();
      return inner.embed(text);
    }

    @Override
    public int dimension() {
      return 16;
    }

    @Override
    public String name() {
      return "counting-16";
    }
  }

  @Test
  void should_embed_a_repeated_text_once_and_hand_every_caller_its_own_copy() {
    Counting counting = new Counting();
    CachingEmbedder cached = (CachingEmbedder) Embedders.cached(counting, 10);
    float[] first = cached.embed("isolate host web-01");
    first[0] = 42f; // the caller owns it: scaling it in place must not reach the next caller
    float[] second = cached.embed("isolate host web-01");
    assertThat(second).containsExactly(counting.inner.embed("isolate host web-01"));
    assertThat(cached.embed("isolate host web-01")).isNotSameAs(second).containsExactly(second);
    assertThat(counting.calls).hasValue(1);
    assertThat(cached.name()).isEqualTo("counting-16");
    assertThat(cached.dimension()).isEqualTo(16);
  }

  @Test
  void should_hand_read_only_callers_the_vector_it_keeps_and_others_a_copy() {
    Counting counting = new Counting();
    Embedder cached = Embedders.cached(counting, 1);
    float[] kept = cached.embedReadOnly("isolate host web-01");
    assertThat(cached.embedReadOnly("isolate host web-01")).isSameAs(kept);
    assertThat(kept).containsExactly(counting.inner.embed("isolate host web-01"));
    assertThat(cached.embed("isolate host web-01")).isNotSameAs(kept).containsExactly(kept);
    assertThat(counting.calls).hasValue(1);
    // no room for a second text: read-only callers get a fresh vector each time, and it is still the embedder's
    assertThat(cached.embedReadOnly("patch host db-02")).containsExactly(counting.inner.embed("patch host db-02"))
        .isNotSameAs(cached.embedReadOnly("patch host db-02"));
    // an embedder that keeps nothing answers with its own embed
    assertThat(counting.inner.embedReadOnly("patch host db-02"))
        .containsExactly(counting.inner.embed("patch host db-02"));
    assertThatThrownBy(() -> cached.embedReadOnly(null)).hasMessage("text must not be null");
  }

  @Test
  void should_embed_every_time_the_texts_it_has_no_room_for() {
    Counting counting = new Counting();
    CachingEmbedder cached = (CachingEmbedder) Embedders.cached(counting, 1);
    cached.embed("one");
    cached.embed("two");
    cached.embed("two");
    cached.embed("one");
    assertThat(counting.calls).hasValue(3);
    assertThat(cached.cached()).isEqualTo(1);
  }

  @Test
  void should_name_bad_arguments() {
    assertThatThrownBy(() -> Embedders.cached(null, 10)).hasMessage("embedder must not be null");
    assertThatThrownBy(() -> Embedders.cached(new HashingEmbedder(8), 0)).hasMessage("cached texts must be > 0: 0");
    assertThatThrownBy(() -> Embedders.cached(new HashingEmbedder(8), 5).embed(null))
        .hasMessage("text must not be null");
  }
}
