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

class WorkingMemoryTest {

  @ParameterizedTest
  @EnumSource(Memories.class)
  void should_recall_what_was_added_best_first(Memories kind) {
    try (WorkingMemory memory = kind.create()) {
      String web = memory.add("investigate host=web-03 sig=ssh-bruteforce");
      memory.add("restart the payment service on db-7");
      memory.add("rotate the tls certificate for api gateway");
      List<Recall> found = memory.recall("investigate host=web-03 sig=ssh-bruteforce", 2);
      assertThat(found).hasSize(2);
      assertThat(found.get(0).id()).isEqualTo(web);
      assertThat(found.get(0).text()).isEqualTo("investigate host=web-03 sig=ssh-bruteforce");
      assertThat(found.get(0).similarity()).isCloseTo(1.0, within(1e-5));
      assertThat(found.get(1).similarity()).isLessThan(found.get(0).similarity());
    }
  }

  @ParameterizedTest
  @EnumSource(Memories.class)
  void should_give_every_item_a_unique_id(Memories kind) {
    try (WorkingMemory memory = kind.create()) {
      Set<String> ids = new HashSet<>();
      for (int i = 0; i < 500; i++) {
        ids.add(memory.add("event " + i + " on host-" + (i % 17)));
      }
      ids.addAll(memory.addAll(List.of("alpha one", "beta two", "gamma three")));
      assertThat(ids).hasSize(503);
      assertThat(memory.size()).isEqualTo(503);
    }
  }

  @ParameterizedTest
  @EnumSource(Memories.class)
  void should_refuse_to_overwrite_an_existing_id(Memories kind) {
    try (WorkingMemory memory = kind.create()) {
      float[] v = Memories.EMBEDDER.embed("first wording");
      memory.addVector("fact-1", v, "first wording", Map.of());
      assertThatThrownBy(() -> memory.addVector("fact-1", Memories.EMBEDDER.embed("second"), "second", Map.of()))
          .isInstanceOf(DuplicateIdException.class)
          .hasMessageContaining("'fact-1'");
      assertThat(memory.size()).isEqualTo(1);
      assertThat(memory.recallVector(v, 1).get(0).text()).isEqualTo("first wording");
    }
  }

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
  @EnumSource(value = Memories.class, names = {"SINGLE_OWNER", "THREAD_SAFE", "FLAT_INDEX"})
  void should_break_ties_in_favour_of_the_older_item(Memories kind) {
    try (WorkingMemory memory = kind.create()) {
      String older = memory.add("duplicate alert text");
      String newer = memory.add("duplicate alert text");
      List<Recall> found = memory.recall("duplicate alert text", 2);
      assertThat(found).extracting(Recall::id).containsExactly(older, newer);
      assertThat(memory.match("duplicate alert text", 0.9)).map(Recall::id).contains(older);
    }
  }

  @ParameterizedTest
  @EnumSource(Memories.class)
  void should_answer_seen_and_match_by_threshold(Memories kind) {
    try (WorkingMemory memory = kind.create()) {
      memory.add("investigate host=web-03 sig=ssh-bruteforce");
      assertThat(memory.seen("investigate host=web-03 sig=ssh-bruteforce", 0.99)).isTrue();
      assertThat(memory.seen("quarterly revenue report draft", 0.5)).isFalse();
      double similarity = memory.recall("investigate host=web-07 sig=ssh-bruteforce", 1).get(0).similarity();
      assertThat(memory.match("investigate host=web-07 sig=ssh-bruteforce", similarity)).isPresent();
      assertThat(memory.match("investigate host=web-07 sig=ssh-bruteforce", Math.nextUp(similarity))).isEmpty();
      assertThat(memory.seen("anything at all", -1.0)).isTrue();
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
  void should_keep_typed_metadata_and_filter_on_it(Memories kind) {
    try (WorkingMemory memory = kind.create()) {
      UUID incident = UUID.fromString("0d5f3c1e-2b7a-4c1d-9e8f-1a2b3c4d5e6f");
      memory.add("ssh brute force on web-03", Map.of("host", "web-03", "severity", 3, "incident", incident));
      memory.add("ssh brute force on web-07", Map.of("host", "web-07", "severity", 5L, "score", 0.5f));
      memory.add("ssh brute force on web-09", Map.of("host", "web-09", "ratio", 0.25d));
      List<Recall> onWeb07 = memory.recall("ssh brute force", 3, MetadataFilter.eq("host", "web-07"));
      assertThat(onWeb07).singleElement().satisfies(r -> {
        assertThat(r.metadata()).containsEntry("severity", 5L).containsEntry("score", 0.5f);
        assertThatThrownBy(() -> r.metadata().put("x", "y")).isInstanceOf(UnsupportedOperationException.class);
      });
      assertThat(memory.recall("ssh brute force", 3, MetadataFilter.eq("incident", incident)))
          .extracting(Recall::text).containsExactly("ssh brute force on web-03");
      assertThat(memory.recall("ssh", 3, MetadataFilter.has("ratio").or(MetadataFilter.eq("severity", 3))))
          .hasSize(2);
      assertThat(memory.removeAll(MetadataFilter.has("host").and(MetadataFilter.eq("host", "web-03").negate())))
          .isEqualTo(2);
      assertThat(memory.recall("ssh brute force", 3)).extracting(Recall::text).containsExactly("ssh brute force on web-03");
    }
  }

  @ParameterizedTest
  @EnumSource(Memories.class)
  void should_remove_by_id_and_clear(Memories kind) {
    try (WorkingMemory memory = kind.create()) {
      String a = memory.add("first fact about the trip");
      String b = memory.add("second fact about the budget");
      assertThat(memory.remove(a)).isTrue();
      assertThat(memory.remove(a)).isFalse();
      assertThat(memory.size()).isEqualTo(1);
      assertThat(memory.recall("first fact about the trip", 5)).extracting(Recall::id).containsExactly(b);
      assertThat(memory.vector(a)).isEmpty();
      memory.clear();
      assertThat(memory.size()).isZero();
      assertThat(memory.recall("second fact", 5)).isEmpty();
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
