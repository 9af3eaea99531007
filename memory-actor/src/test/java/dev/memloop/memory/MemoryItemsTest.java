package dev.memloop.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memloop.memory.embed.HashingEmbedder;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A memory's items as a snapshot: oldest first, complete, and enough to rebuild it elsewhere with the same ids. */
class MemoryItemsTest {

  static final HashingEmbedder EMBEDDER = new HashingEmbedder(64);

  @Test
  void should_list_every_item_oldest_first_and_rebuild_an_identical_memory() {
    try (WorkingMemory memory = WorkingMemory.builder(EMBEDDER).capacity(3).eviction(Eviction.OLDEST_FIRST).build()) {
      memory.add("investigate host=web-01 sig=ssh", Map.of("turn", 0));
      String removed = memory.add("investigate host=web-02 sig=ssh");
      memory.add("investigate host=db-01 sig=sqli", Map.of("turn", 1));
      memory.remove(removed);
      memory.add("investigate host=db-02 sig=sqli");
      memory.add("investigate host=mail-01 sig=phish"); // evicts web-01, the oldest

      List<MemoryItem> items = memory.items();
      assertThat(items).extracting(MemoryItem::text).containsExactly("investigate host=db-01 sig=sqli",
          "investigate host=db-02 sig=sqli", "investigate host=mail-01 sig=phish");
      assertThat(items.get(0).metadata()).containsEntry("turn", 1);

      try (WorkingMemory copy = WorkingMemory.builder(EMBEDDER).build()) {
        items.forEach(i -> copy.addVector(i.id(), i.vector(), i.text(), i.metadata()));
        assertThat(copy.items()).extracting(MemoryItem::id).containsExactlyElementsOf(items.stream().map(MemoryItem::id).toList());
        for (String query : List.of("db-02 sqli", "phish on mail-01", "sqli")) {
          assertThat(copy.recall(query, 2)).extracting(Recall::id)
              .containsExactlyElementsOf(memory.recall(query, 2).stream().map(Recall::id).toList());
        }
      }
    }
  }

  @Test
  void should_give_copies_and_refuse_after_close() {
    WorkingMemory memory = WorkingMemory.builder(EMBEDDER).threadSafe().build();
    memory.add("a line to keep");
    float[] vector = memory.items().get(0).vector();
    vector[0] = 42;
    assertThat(memory.items().get(0).vector()[0]).isNotEqualTo(42);
    assertThat(WorkingMemory.builder(EMBEDDER).build().items()).isEmpty();
    memory.close();
    assertThatThrownBy(memory::items).isInstanceOf(MemoryClosedException.class);
    assertThatThrownBy(() -> new MemoryItem(" ", "t", new float[] {1}, null)).hasMessageContaining("an item needs an id");
  }
}
