package dev.memloop.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What the local memories do beyond {@link WorkingMemoryContract} (which each of them also runs): caller id prefixes,
 * timings and counters, vectors-only memories.
 */
class WorkingMemoryTest {

  @ParameterizedTest
  @EnumSource(Memories.class)
  void should_never_generate_an_id_a_caller_already_took(Memories kind) {
    try (WorkingMemory memory = kind.builder(Memories.EMBEDDER).idPrefix("t-").build()) {
      memory.addVector("t-0", Memories.EMBEDDER.embed("taken"), "taken", Map.of());
      memory.addVector("t-1", Memories.EMBEDDER.embed("taken too"), "taken too", Map.of());
      String generated = memory.add("fresh item");
      assertThat(generated).startsWith("t-").isNotIn("t-0", "t-1");
      assertThat(memory.size()).isEqualTo(3);
    }
  }

  @ParameterizedTest
  @EnumSource(Memories.class)
  void should_match_a_caller_embedded_vector_as_it_matches_the_text(Memories kind) {
    try (WorkingMemory memory = kind.create()) {
      memory.add("investigate host=web-03 sig=ssh-bruteforce");
      memory.add("rotate certificates on the api gateway");
      String line = "investigate host=web-07 sig=ssh-bruteforce";
      float[] query = Memories.EMBEDDER.embed(line);
      float[] copy = query.clone();
      Recall byText = memory.match(line, 0.0).orElseThrow();
      Recall byVector = memory.matchVector(query, 0.0).orElseThrow();
      assertThat(byVector.id()).isEqualTo(byText.id());
      assertThat(byVector.similarity()).isCloseTo(byText.similarity(), within(1e-6));
      assertThat(memory.matchVector(query, Math.nextUp(byVector.similarity()))).isEmpty();
      assertThat(query).containsExactly(copy);
      assertThat(memory.timings().queryEmbed().count()).as("only the text match embedded").isEqualTo(1);
      assertThat(memory.timings().queryStore().count()).isEqualTo(3);
    }
  }

  @ParameterizedTest
  @EnumSource(Memories.class)
  void should_reject_text_that_embeds_to_nothing_and_find_nothing_for_it(Memories kind) {
    try (WorkingMemory memory = kind.create()) {
      memory.add("a real fact");
      assertThatThrownBy(() -> memory.add("--- !!! ---"))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("zero vector")
          .hasMessageContaining("'--- !!! ---'");
      assertThat(memory.recall("??", 3)).isEmpty();
      assertThat(memory.match("...", 0.1)).isEmpty();
      assertThat(memory.seen("!!", -1)).isFalse();
      assertThat(memory.size()).isEqualTo(1);
      assertThat(memory.stats().zeroVectorQueries()).isEqualTo(3);
    }
  }

  @ParameterizedTest
  @EnumSource(Memories.class)
  void should_normalize_caller_vectors_without_touching_them(Memories kind) {
    try (WorkingMemory memory = kind.vectorsOnly(3)) {
      float[] v = {3f, 4f, 0f};
      String id = memory.addVector(v, null, Map.of());
      assertThat(v).containsExactly(3f, 4f, 0f);
      assertThat(memory.vector(id)).hasValueSatisfying(u -> assertThat(u).containsExactly(0.6f, 0.8f, 0f));
      float[] query = {30f, 40f, 0f};
      Recall found = memory.recallVector(query, 1).get(0);
      assertThat(found.text()).isNull();
      assertThat(found.similarity()).isCloseTo(1.0, within(1e-6));
      assertThat(query).containsExactly(30f, 40f, 0f);
    }
  }

  @ParameterizedTest
  @EnumSource(Memories.class)
  void should_need_an_embedder_for_text(Memories kind) {
    try (WorkingMemory memory = kind.vectorsOnly(8)) {
      assertThatThrownBy(() -> memory.add("text")).isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("pre-embedded vectors only");
      assertThatThrownBy(() -> memory.recall("text", 1)).isInstanceOf(IllegalStateException.class);
      assertThat(memory.size()).isZero();
    }
  }

  @ParameterizedTest
  @EnumSource(Memories.class)
  void should_count_searches_and_exact_rescoring(Memories kind) {
    try (WorkingMemory memory = kind.create()) {
      memory.addAll(List.of("one fact", "two facts", "three facts"));
      memory.recall("fact", 2);
      memory.seen("fact", 0.5);
      MemoryStats stats = memory.stats();
      assertThat(stats.size()).isEqualTo(3);
      assertThat(stats.searches()).isEqualTo(2);
      assertThat(stats.reranked()).isPositive();
      assertThat(stats.evictions()).isZero();
    }
  }
}
