package dev.memloop.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class EvictionTest {

  @ParameterizedTest
  @EnumSource(Memories.class)
  void should_evict_the_oldest_item_first(Memories kind) {
    try (WorkingMemory memory = kind.builder(Memories.EMBEDDER).capacity(3).eviction(Eviction.OLDEST_FIRST).build()) {
      String first = memory.add("alpha incident report");
      memory.add("bravo incident report");
      memory.add("charlie incident report");
      memory.add("delta incident report");
      assertThat(memory.size()).isEqualTo(3);
      assertThat(memory.vector(first)).isEmpty();
      assertThat(memory.stats().evictions()).isEqualTo(1);
    }
  }

  @ParameterizedTest
  @EnumSource(Memories.class)
  void should_evict_the_least_recently_recalled_item(Memories kind) {
    try (WorkingMemory memory = kind.builder(Memories.EMBEDDER).capacity(3)
        .eviction(Eviction.LEAST_RECENTLY_RECALLED).build()) {
      String alpha = memory.add("alpha incident report");
      String bravo = memory.add("bravo incident report");
      String charlie = memory.add("charlie incident report");
      assertThat(memory.recall("alpha incident report", 1)).extracting(Recall::id).containsExactly(alpha);
      memory.add("delta incident report"); // bravo is now the least recently recalled
      assertThat(memory.vector(bravo)).isEmpty();
      assertThat(memory.vector(alpha)).isPresent();
      assertThat(memory.vector(charlie)).isPresent();
      assertThat(memory.match("charlie incident report", 0.9)).isPresent();
      memory.add("echo incident report"); // alpha was touched before charlie
      assertThat(memory.vector(alpha)).isEmpty();
      assertThat(memory.vector(charlie)).isPresent();
      assertThat(memory.stats().evictions()).isEqualTo(2);
    }
  }

  @ParameterizedTest
  @EnumSource(Memories.class)
  void should_refuse_adds_beyond_capacity_without_eviction(Memories kind) {
    try (WorkingMemory memory = kind.builder(Memories.EMBEDDER).capacity(2).build()) {
      memory.add("alpha");
      memory.add("bravo");
      assertThatThrownBy(() -> memory.add("charlie")).isInstanceOf(MemoryFullException.class)
          .hasMessageContaining("capacity 2");
      assertThat(memory.size()).isEqualTo(2);
      memory.remove(memory.recall("alpha", 1).get(0).id());
      assertThatThrownBy(() -> memory.addAll(List.of("charlie", "delta"))).isInstanceOf(MemoryFullException.class);
      assertThat(memory.size()).isEqualTo(1);
      assertThat(memory.stats().evictions()).isZero();
    }
  }
}
