package dev.memloop.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memloop.memory.embed.HashingEmbedder;
import org.junit.jupiter.api.Test;

class WorkingMemoryBuilderTest {

  private final Embedder embedder = new HashingEmbedder(32);

  @Test
  void should_name_every_bad_setting() {
    assertThatThrownBy(() -> WorkingMemory.builder((Embedder) null)).hasMessageContaining("embedder must not be null");
    assertThatThrownBy(() -> WorkingMemory.builder(0)).hasMessage("dimension must be > 0: 0");
    assertThatThrownBy(() -> WorkingMemory.builder(embedder).dimension(16))
        .hasMessage("dimension 16 != embedder hashing-32 dimension 32");
    assertThatThrownBy(() -> WorkingMemory.builder(embedder).capacity(-5)).hasMessage("capacity must be > 0: -5");
    assertThatThrownBy(() -> WorkingMemory.builder(embedder).index(null)).hasMessage("index must not be null");
    assertThatThrownBy(() -> WorkingMemory.builder(embedder).eviction(null)).hasMessage("eviction must not be null");
    assertThatThrownBy(() -> WorkingMemory.builder(embedder).ticker(null)).hasMessage("ticker must not be null");
    assertThatThrownBy(() -> WorkingMemory.builder(embedder).hnsw(null)).hasMessage("hnsw parameters must not be null");
    assertThatThrownBy(() -> WorkingMemory.builder(embedder).timingSamples(0)).hasMessage("timing samples must be > 0: 0");
    assertThatThrownBy(() -> WorkingMemory.builder(embedder).idPrefix(" "))
        .hasMessage("id prefix must not be null or blank: ' '");
    Embedder broken = new Embedder() {
      @Override
      public float[] embed(String text) {
        return new float[0];
      }

      @Override
      public int dimension() {
        return 0;
      }
    };
    assertThatThrownBy(() -> WorkingMemory.builder(broken)).hasMessageContaining("reports dimension 0");
  }

  @Test
  void should_build_each_variant() {
    for (IndexKind kind : IndexKind.values()) {
      try (WorkingMemory memory = WorkingMemory.builder(embedder).index(kind).threadSafe().build()) {
        memory.add("x marks the spot");
        assertThat(memory.recall("x marks the spot", 1)).hasSize(1);
        assertThat(memory.dimension()).isEqualTo(32);
      }
    }
  }

  @Test
  void should_report_an_embedder_that_breaks_its_contract() {
    Embedder wrongLength = new Embedder() {
      @Override
      public float[] embed(String text) {
        return new float[5];
      }

      @Override
      public int dimension() {
        return 8;
      }
    };
    try (WorkingMemory memory = WorkingMemory.allocate(wrongLength)) {
      assertThatThrownBy(() -> memory.add("text")).isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("returned 5 dimensions").hasMessageContaining("expects 8");
      assertThat(memory.size()).isZero();
    }
  }
}
