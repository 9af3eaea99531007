package dev.memloop.memory.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.store.embedding.EmbeddingSearchRequest;
import dev.memloop.memory.DuplicateIdException;
import dev.memloop.memory.Embedder;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.embed.HashingEmbedder;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Where langchain4j's contract is silent, memloop's rules hold; and the adapters work both ways. */
class WorkingMemoryEmbeddingStoreTest {

  private final Embedder embedder = new HashingEmbedder(32);
  private final EmbedderEmbeddingModel model = new EmbedderEmbeddingModel(embedder);

  @Test
  void should_refuse_an_existing_id_instead_of_overwriting() {
    WorkingMemoryEmbeddingStore store = WorkingMemoryEmbeddingStore.create(32);
    store.add("a", model.embed("first").content());
    assertThatThrownBy(() -> store.add("a", model.embed("second").content()))
        .isInstanceOf(DuplicateIdException.class);
    var matches = store.search(EmbeddingSearchRequest.builder()
        .queryEmbedding(model.embed("first").content()).maxResults(5).build()).matches();
    assertThat(matches).singleElement().satisfies(m -> assertThat(m.embeddingId()).isEqualTo("a"));
  }

  @Test
  void should_share_items_with_the_memory_underneath() {
    WorkingMemory memory = WorkingMemory.builder(embedder).threadSafe().build();
    WorkingMemoryEmbeddingStore store = WorkingMemoryEmbeddingStore.over(memory);
    memory.add("note written by an agent");
    var matches = store.search(EmbeddingSearchRequest.builder()
        .queryEmbedding(model.embed("note written by an agent").content()).maxResults(1).build()).matches();
    assertThat(matches).singleElement().satisfies(m -> {
      assertThat(m.embedded()).isEqualTo(TextSegment.from("note written by an agent"));
      assertThat(m.score()).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-6));
    });
  }

  @Test
  void should_report_size_mismatches_by_name() {
    WorkingMemoryEmbeddingStore store = WorkingMemoryEmbeddingStore.create(32);
    Embedding e = model.embed("x").content();
    assertThatThrownBy(() -> store.addAll(List.of(e, e), List.of(TextSegment.from("one"))))
        .hasMessage("embeddings (2) and segments (1) differ in size");
    assertThatThrownBy(() -> store.addAll(List.of("id1"), List.of(e, e), null))
        .hasMessage("embeddings (2) and ids (1) differ in size");
  }

  @Test
  void should_adapt_embedders_both_ways() {
    EmbeddingModelEmbedder back = new EmbeddingModelEmbedder(model);
    assertThat(back.dimension()).isEqualTo(32);
    assertThat(back.name()).isEqualTo("hashing-32");
    float[] direct = embedder.embed("round trip text");
    float[] viaLangchain = back.embed("round trip text");
    assertThat(viaLangchain).containsExactly(direct);
    viaLangchain[0] = 42f; // the caller owns its copy
    assertThat(back.embed("round trip text")).containsExactly(direct);
    assertThat(model.embedAll(List.of(TextSegment.from("a b"), TextSegment.from("c d"))).content()).hasSize(2);
    assertThatThrownBy(() -> model.embedAll(null)).hasMessage("segments must not be null");
  }
}
