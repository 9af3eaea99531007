package dev.memloop.runtime.patterns;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memloop.memory.Eviction;
import dev.memloop.memory.MemoryItem;
import dev.memloop.memory.WorkingMemory;
import org.junit.jupiter.api.Test;

class DedupOnWriteTest {

  // two wordings of one constraint 10 degrees apart (0.985), a different fact at 90
  final PlaneEmbedder embedder = new PlaneEmbedder().at("no red-eye flights", 0).at("avoid overnight flights", 10)
      .at("vegetarian meals", 90);

  WorkingMemory memory() {
    return WorkingMemory.builder(embedder).build();
  }

  @Test
  void should_never_merge_a_note_about_one_order_into_a_note_about_another() {
    // the same direction for both orders: only their identifiers tell them apart; a rewording of the first, 5 degrees
    PlaneEmbedder words = new PlaneEmbedder().at("refund sent for order-42", 0).at("refund sent for order-43", 0)
        .at("order-42 refund was sent", 5);
    WorkingMemory memory = WorkingMemory.builder(words).build();
    DedupOnWrite dedup = new DedupOnWrite(memory, words, 0.95, DedupOnWrite.Keep.FIRST);
    DedupOnWrite.Write first = dedup.write("refund sent for order-42");
    assertThat(dedup.write("refund sent for order-43").outcome()).as("another order").isEqualTo(
        DedupOnWrite.Outcome.ADDED);
    DedupOnWrite.Write reworded = dedup.write("order-42 refund was sent");
    assertThat(reworded.outcome()).as("the same fact reworded").isEqualTo(DedupOnWrite.Outcome.MERGED);
    assertThat(reworded.id()).isEqualTo(first.id());
    assertThat(memory.items()).extracting(i -> dev.memloop.memory.ItemIdentity.of(i.metadata()))
        .as("each note keeps the identity its text names")
        .containsExactlyInAnyOrder("ids:[\"order-42\"]", "ids:[\"order-43\"]");
  }

  @Test
  void should_add_the_first_wording_and_merge_the_second_into_it() {
    WorkingMemory memory = memory();
    DedupOnWrite dedup = new DedupOnWrite(memory, embedder, 0.95, DedupOnWrite.Keep.FIRST);
    DedupOnWrite.Write first = dedup.write("no red-eye flights");
    assertThat(first.outcome()).isEqualTo(DedupOnWrite.Outcome.ADDED);
    assertThat(first.copies()).isEqualTo(1);
    DedupOnWrite.Write second = dedup.write("avoid overnight flights");
    assertThat(second.outcome()).isEqualTo(DedupOnWrite.Outcome.MERGED);
    assertThat(second.id()).isEqualTo(first.id());
    assertThat(second.copies()).isEqualTo(2);
    assertThat(dedup.write("avoid overnight flights").copies()).isEqualTo(3);
    assertThat(memory.size()).isEqualTo(1);
    MemoryItem kept = memory.items().get(0);
    assertThat(kept.text()).isEqualTo("no red-eye flights");
    assertThat(kept.metadata()).containsEntry(DedupOnWrite.COPIES, 3);
    assertThat(dedup.write("vegetarian meals").outcome()).isEqualTo(DedupOnWrite.Outcome.ADDED);
    assertThat(dedup.counters()).isEqualTo(new DedupOnWrite.Counters(4, 2, 2, 0));
  }

  @Test
  void should_keep_the_newest_wording_under_the_same_id() {
    WorkingMemory memory = memory();
    DedupOnWrite dedup = new DedupOnWrite(memory, embedder, 0.95, DedupOnWrite.Keep.NEWEST);
    String id = dedup.write("no red-eye flights").id();
    dedup.write("avoid overnight flights");
    assertThat(memory.items()).extracting(MemoryItem::id).containsExactly(id);
    assertThat(memory.items().get(0).text()).isEqualTo("avoid overnight flights");
    assertThat(memory.vector(id).orElseThrow()[1]).as("the new wording's vector").isGreaterThan(0.1f);
  }

  @Test
  void should_keep_both_wordings_findable_by_either() {
    WorkingMemory memory = memory();
    DedupOnWrite dedup = new DedupOnWrite(memory, embedder, 0.95, DedupOnWrite.Keep.BOTH);
    dedup.write("no red-eye flights");
    dedup.write("avoid overnight flights");
    assertThat(memory.items().get(0).text()).isEqualTo("no red-eye flights / avoid overnight flights");
    assertThat(memory.match("no red-eye flights", 0.99)).isPresent(); // the mean lies 5 degrees from each
    assertThat(memory.match("avoid overnight flights", 0.99)).isPresent();
  }

  @Test
  void should_merge_into_a_full_memory_and_refuse_a_new_fact_without_changing_it() {
    WorkingMemory full = WorkingMemory.builder(embedder).capacity(1).eviction(Eviction.NONE).build();
    DedupOnWrite dedup = new DedupOnWrite(full, embedder, 0.95, DedupOnWrite.Keep.FIRST);
    dedup.write("no red-eye flights");
    assertThat(dedup.write("avoid overnight flights").outcome()).as("a copy needs no room").isEqualTo(DedupOnWrite.Outcome.MERGED);
    DedupOnWrite.Write refused = dedup.write("vegetarian meals");
    assertThat(refused.outcome()).isEqualTo(DedupOnWrite.Outcome.REFUSED);
    assertThat(refused.reason()).isNotBlank();
    assertThat(full.items()).extracting(MemoryItem::text).containsExactly("no red-eye flights");
    assertThat(dedup.counters().refused()).isEqualTo(1);
  }

  @Test
  void should_add_at_a_similarity_just_below_the_threshold() {
    WorkingMemory probe = memory();
    probe.add("no red-eye flights");
    double similarity = probe.recall("avoid overnight flights", 1).get(0).similarity();
    DedupOnWrite at = new DedupOnWrite(memory(), embedder, similarity, DedupOnWrite.Keep.FIRST);
    at.write("no red-eye flights");
    assertThat(at.write("avoid overnight flights").outcome()).isEqualTo(DedupOnWrite.Outcome.MERGED);
    DedupOnWrite above = new DedupOnWrite(memory(), embedder, Math.nextUp(similarity), DedupOnWrite.Keep.FIRST);
    above.write("no red-eye flights");
    assertThat(above.write("avoid overnight flights").outcome()).isEqualTo(DedupOnWrite.Outcome.ADDED);
  }

  @Test
  void should_refuse_bad_input_naming_it_and_change_nothing() {
    WorkingMemory memory = memory();
    DedupOnWrite dedup = new DedupOnWrite(memory, embedder, 0.95, DedupOnWrite.Keep.FIRST);
    assertThatThrownBy(() -> dedup.write("  ")).hasMessageContaining("text must not be null or blank: '  '");
    assertThatThrownBy(() -> dedup.writeVector(new float[3], "x", null))
        .hasMessageContaining("vector must have the memory's dimension 2: 3");
    assertThat(memory.size()).isZero();
    assertThat(dedup.counters().writes()).isZero();
    assertThatThrownBy(() -> new DedupOnWrite(memory, embedder, 0.9, null)).hasMessageContaining("what to keep");
    assertThatThrownBy(() -> new DedupOnWrite(memory, embedder, 7, DedupOnWrite.Keep.BOTH))
        .hasMessageContaining("dedup threshold must be a similarity in [0, 1]: 7.0");
  }

  @Test
  void should_merge_only_into_a_twin_of_the_same_kind() {
    WorkingMemory memory = memory();
    DedupOnWrite dedup = new DedupOnWrite(memory, embedder, 0.95, DedupOnWrite.Keep.FIRST);
    java.util.Map<String, Object> action = dev.memloop.memory.MemoryKind.ACTION.tag("a-1", java.util.Map.of());
    DedupOnWrite.Write note = dedup.write("no red-eye flights", java.util.Map.of());
    DedupOnWrite.Write acted = dedup.write("avoid overnight flights", action);
    assertThat(acted.outcome()).as("an action beside a note worded like it").isEqualTo(DedupOnWrite.Outcome.ADDED);
    assertThat(memory.size()).isEqualTo(2);
    assertThat(dedup.write("no red-eye flights", action).id()).as("merged into the action").isEqualTo(acted.id());
    assertThat(dedup.write("avoid overnight flights", java.util.Map.of()).id()).isEqualTo(note.id());
    assertThat(memory.items()).extracting(MemoryItem::kind) // a merge stores the item anew: order is not kept
        .containsExactlyInAnyOrder(dev.memloop.memory.MemoryKind.NOTE, dev.memloop.memory.MemoryKind.ACTION);
  }
}
