package dev.memloop.blackboard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memloop.memory.MetadataFilter;
import dev.memloop.memory.MemoryQuery;
import dev.memloop.memory.Recall;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.embed.HashingEmbedder;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The board's segmented memory answers exactly as one memory holding the same posts would. */
class BoardMemoryTest {

  static final HashingEmbedder EMBEDDER = new HashingEmbedder(32);

  static float[] random(SplittableRandom random) {
    float[] v = new float[32];
    for (int i = 0; i < v.length; i++) {
      v[i] = (float) random.nextGaussian();
    }
    return v;
  }

  @Test
  void should_answer_across_sealed_segments_as_one_memory_would() {
    BoardMemory board = new BoardMemory(EMBEDDER, 4);
    WorkingMemory one = WorkingMemory.builder(EMBEDDER).build();
    SplittableRandom random = new SplittableRandom(3);
    for (int i = 1; i <= 30; i++) {
      float[] v = random(random);
      Map<String, Object> metadata = Map.of("parity", i % 2);
      assertThat(board.add(v, "post " + i, metadata)).isEqualTo("bb-" + i);
      one.addVector("bb-" + i, v, "post " + i, metadata);
    }
    assertThat(board.size()).isEqualTo(30);
    assertThat(board.segmentCount()).isEqualTo(8);
    assertThat(board.stats().size()).isEqualTo(30);
    for (int q = 0; q < 20; q++) {
      float[] query = random(random);
      assertThat(board.search(MemoryQuery.vector(query).k(5).build())).extracting(Recall::id)
          .containsExactlyElementsOf(one.recallVector(query, 5).stream().map(Recall::id).toList());
      MetadataFilter even = MetadataFilter.eq("parity", 0);
      assertThat(board.search(MemoryQuery.vector(query).k(3).filter(even).build())).extracting(Recall::id)
          .containsExactlyElementsOf(one.recallVector(query, 3, even).stream().map(Recall::id).toList());
      assertThat(board.matchVector(query, 0.2).map(Recall::id)).isEqualTo(one.matchVector(query, 0.2).map(Recall::id));
    }
    for (int i = 1; i <= 30; i++) {
      assertThat(board.vector("bb-" + i)).as("bb-" + i).hasValueSatisfying(v -> assertThat(v).hasSize(32));
    }
    assertThat(board.vector("bb-31")).isEmpty();
    assertThat(board.vector("bb-0")).isEmpty();
    assertThat(board.vector("elsewhere-3")).isEmpty();
  }

  @Test
  void should_find_a_text_post_by_its_text_in_any_segment() {
    BoardMemory board = new BoardMemory(EMBEDDER, 2);
    for (int i = 0; i < 7; i++) {
      board.add(null, "investigate host=h" + i + " sig=brute-force", Map.of());
    }
    assertThat(board.match("investigate host=h1 sig=brute-force", 0.999)).hasValueSatisfying(r ->
        assertThat(r.id()).isEqualTo("bb-2"));
    assertThat(board.search(MemoryQuery.text("investigate host=h5").build())).extracting(Recall::id).containsExactly("bb-6");
  }

  @Test
  void should_refuse_bad_input_naming_it_and_keep_every_post() {
    BoardMemory board = new BoardMemory(EMBEDDER, 2);
    board.add(null, "kept", Map.of());
    float[] nan = new float[32];
    nan[3] = Float.NaN;
    assertThatThrownBy(() -> board.add(nan, "bad", Map.of())).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("NaN");
    assertThatThrownBy(() -> board.add(new float[3], "short", Map.of())).hasMessageContaining("dimension 3 != 32");
    assertThatThrownBy(() -> board.add(null, "  ", Map.of())).hasMessageContaining("text must not be null or blank: '  '");
    assertThatThrownBy(() -> board.match(null, 0.5)).hasMessageContaining("query must not be null or blank: null");
    assertThatThrownBy(() -> board.matchVector(new float[32], 0.5)).hasMessageContaining("zero vector");
    assertThatThrownBy(() -> board.search(MemoryQuery.text("kept").k(0).build())).hasMessageContaining("k must be > 0: 0");
    assertThatThrownBy(() -> board.vector(" ")).hasMessageContaining("id must not be null or blank: ' '");
    assertThatThrownBy(() -> new BoardMemory(EMBEDDER, 0)).hasMessageContaining("segment size must be > 0: 0");
    assertThat(board.size()).isEqualTo(1);
    assertThat(board.add(null, "next", Map.of())).as("a refused post takes no id").isEqualTo("bb-2");
  }

  @Test
  void should_refuse_everything_once_closed() {
    BoardMemory board = new BoardMemory(EMBEDDER, 2);
    board.add(null, "before", Map.of());
    board.close();
    assertThat(board.isClosed()).isTrue();
    assertThatThrownBy(() -> board.add(null, "after", Map.of())).hasMessageContaining("closed");
    assertThat(List.of(board.size())).containsExactly(1);
  }
}
