package dev.memloop.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.memloop.memory.embed.HashingEmbedder;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What every {@link WorkingMemory} must do, as abstract tests: a memory implementation extends this class and says
 * how to make an empty one (langchain4j's {@code EmbeddingStoreIT} and Lucene's {@code BaseKnnVectorsFormatTestCase}
 * are the models). The reads are checked through {@link WorkingMemory#search(MemoryQuery)} and through every
 * shorthand, which must answer as the query it stands for.
 *
 * <p>A memory that cannot do something says so by overriding one of the capability methods ({@link #removes()},
 * {@link #takesCallerIds()}, {@link #exactTies()}); a read-only view writes through what it views by overriding
 * {@link #write}. Memories are made with {@link #EMBEDDER}, a 64-dimension hashing embedder, and closed after each
 * test.
 */
public abstract class WorkingMemoryContract {

  /** The embedder every memory under test is made with. */
  protected static final Embedder EMBEDDER = new HashingEmbedder(64);

  private final List<WorkingMemory> made = new ArrayList<>();

  /** A new, empty memory that embeds with {@link #EMBEDDER}. */
  protected abstract WorkingMemory newMemory();

  /** Stores {@code text} as the memory's writers do; a read-only view overrides this to write through its source. */
  protected String write(WorkingMemory memory, String text, Map<String, ?> metadata) {
    return memory.add(text, metadata);
  }

  /** Whether {@code remove}, {@code removeAll} and {@code clear} change the memory (a read-only view refuses them). */
  protected boolean removes() {
    return true;
  }

  /** Whether {@code addVector(id, ...)} stores under the caller's id. */
  protected boolean takesCallerIds() {
    return true;
  }

  /** Whether equal scores are ranked exactly, older first (an approximate index may not). */
  protected boolean exactTies() {
    return true;
  }

  private WorkingMemory memory() {
    WorkingMemory memory = newMemory();
    made.add(memory);
    return memory;
  }

  private String write(WorkingMemory memory, String text) {
    return write(memory, text, Map.of());
  }

  @AfterEach
  void closeMemories() {
    made.forEach(WorkingMemory::close);
    made.clear();
  }

  @Test
  void should_recall_what_was_written_best_first() {
    WorkingMemory memory = memory();
    String web = write(memory, "investigate host=web-03 sig=ssh-bruteforce");
    write(memory, "restart the payment service on db-7");
    write(memory, "rotate the tls certificate for api gateway");
    List<Recall> found = memory.recall("investigate host=web-03 sig=ssh-bruteforce", 2);
    assertThat(found).hasSize(2);
    assertThat(found.get(0).id()).isEqualTo(web);
    assertThat(found.get(0).text()).isEqualTo("investigate host=web-03 sig=ssh-bruteforce");
    assertThat(found.get(0).similarity()).isCloseTo(1.0, within(1e-5));
    assertThat(found.get(1).similarity()).isLessThan(found.get(0).similarity());
    assertThat(memory.size()).isEqualTo(3);
  }

  @Test
  void should_give_every_item_a_unique_id() {
    WorkingMemory memory = memory();
    Set<String> ids = new HashSet<>();
    for (int i = 0; i < 200; i++) {
      ids.add(write(memory, "event " + i + " on host-" + (i % 17)));
    }
    assertThat(ids).hasSize(200);
    assertThat(memory.size()).isEqualTo(200);
    assertThat(memory.items()).extracting(MemoryItem::id).containsExactlyInAnyOrderElementsOf(ids);
  }

  @Test
  void should_refuse_to_overwrite_an_existing_id() {
    assumeTrue(takesCallerIds(), "this memory chooses its own ids");
    WorkingMemory memory = memory();
    float[] v = EMBEDDER.embed("first wording");
    memory.addVector("fact-1", v, "first wording", Map.of());
    assertThatThrownBy(() -> memory.addVector("fact-1", EMBEDDER.embed("second"), "second", Map.of()))
        .isInstanceOf(DuplicateIdException.class).hasMessageContaining("'fact-1'");
    assertThat(memory.size()).isEqualTo(1);
    assertThat(memory.recallVector(v, 1).get(0).text()).isEqualTo("first wording");
  }

  @Test
  void should_break_ties_in_favour_of_the_older_item() {
    assumeTrue(exactTies(), "this memory's index is approximate");
    WorkingMemory memory = memory();
    String older = write(memory, "duplicate alert text");
    String newer = write(memory, "duplicate alert text");
    assertThat(memory.recall("duplicate alert text", 2)).extracting(Recall::id).containsExactly(older, newer);
    assertThat(memory.match("duplicate alert text", 0.9)).map(Recall::id).contains(older);
  }

  @Test
  void should_answer_seen_and_match_by_threshold() {
    WorkingMemory memory = memory();
    write(memory, "investigate host=web-03 sig=ssh-bruteforce");
    assertThat(memory.seen("investigate host=web-03 sig=ssh-bruteforce", 0.99)).isTrue();
    assertThat(memory.seen("quarterly revenue report draft", 0.5)).isFalse();
    double similarity = memory.recall("investigate host=web-07 sig=ssh-bruteforce", 1).get(0).similarity();
    assertThat(memory.match("investigate host=web-07 sig=ssh-bruteforce", similarity)).isPresent();
    assertThat(memory.match("investigate host=web-07 sig=ssh-bruteforce", Math.nextUp(similarity))).isEmpty();
    assertThat(memory.seen("anything at all", -1.0)).isTrue();
  }

  @Test
  void should_match_a_caller_embedded_vector_as_it_matches_the_text() {
    WorkingMemory memory = memory();
    write(memory, "investigate host=web-03 sig=ssh-bruteforce");
    write(memory, "rotate certificates on the api gateway");
    String line = "investigate host=web-07 sig=ssh-bruteforce";
    float[] query = EMBEDDER.embed(line);
    float[] copy = query.clone();
    Recall byText = memory.match(line, 0.0).orElseThrow();
    Recall byVector = memory.matchVector(query, 0.0).orElseThrow();
    assertThat(byVector.id()).isEqualTo(byText.id());
    assertThat(byVector.similarity()).isCloseTo(byText.similarity(), within(1e-6));
    assertThat(memory.matchVector(query, Math.nextUp(byVector.similarity()))).isEmpty();
    assertThat(query).as("the caller's vector is not changed").containsExactly(copy);
  }

  @Test
  void should_answer_every_shorthand_as_the_query_it_stands_for() {
    WorkingMemory memory = memory();
    for (String text : List.of("ssh brute force on web-03", "ssh brute force on web-07", "disk full on db-1",
        "certificate expiry on the gateway", "ssh login storm on web-09")) {
      write(memory, text, Map.of("kind", text.startsWith("ssh") ? "ssh" : "other"));
    }
    String q = "ssh brute force on web-05";
    float[] v = EMBEDDER.embed(q);
    MetadataFilter ssh = MetadataFilter.eq("kind", "ssh");
    assertThat(ids(memory.recall(q, 3))).isEqualTo(ids(memory.search(MemoryQuery.text(q).k(3).build())));
    assertThat(ids(memory.recall(q, 3, ssh))).isEqualTo(ids(memory.search(MemoryQuery.text(q).k(3).filter(ssh).build())));
    assertThat(ids(memory.recallVector(v, 3))).isEqualTo(ids(memory.search(MemoryQuery.vector(v).k(3).build())));
    assertThat(ids(memory.recallVector(v, 2, ssh)))
        .isEqualTo(ids(memory.search(MemoryQuery.vector(v).k(2).filter(ssh).build())));
    assertThat(ids(memory.search(MemoryQuery.text(q).k(4).build())))
        .as("a text query finds what its embedding finds").isEqualTo(ids(memory.search(MemoryQuery.vector(v).k(4).build())));
    List<Recall> top = memory.recall(q, 1);
    assertThat(memory.match(q, 0.1).map(Recall::id)).isEqualTo(top.stream().findFirst().map(Recall::id));
    assertThat(memory.search(MemoryQuery.text(q).minScore(0.1).build())).extracting(Recall::id)
        .containsExactlyElementsOf(ids(memory.match(q, 0.1).stream().toList()));
  }

  @Test
  void should_search_at_most_k_at_or_above_the_minimum_score_among_what_the_filter_passes() {
    WorkingMemory memory = memory();
    for (int i = 0; i < 12; i++) {
      write(memory, "alert " + i + " ssh on web-" + i, Map.of("host", "web-" + i, "even", i % 2 == 0 ? "yes" : "no"));
    }
    String q = "alert ssh on web-4";
    List<Recall> all = memory.search(MemoryQuery.text(q).k(12).build());
    assertThat(all).hasSize(12);
    assertThat(all).extracting(Recall::similarity).isSortedAccordingTo((a, b) -> Double.compare(b, a));
    assertThat(memory.search(MemoryQuery.text(q).k(100).build())).as("k asks for at most k").hasSize(12);
    double fifth = all.get(4).similarity();
    List<Recall> atLeast = memory.search(MemoryQuery.text(q).k(12).minScore(fifth).build());
    assertThat(atLeast).allSatisfy(r -> assertThat(r.similarity()).isGreaterThanOrEqualTo(fifth));
    assertThat(atLeast).extracting(Recall::id).containsAll(ids(all.subList(0, 5)));
    List<Recall> even = memory.search(MemoryQuery.text(q).k(3).filter(MetadataFilter.eq("even", "yes")).build());
    assertThat(even).hasSize(3).allSatisfy(r -> assertThat(r.metadata()).containsEntry("even", "yes"));
    assertThat(even.get(0).similarity()).isEqualTo(all.stream().filter(r -> "yes".equals(r.metadata().get("even")))
        .findFirst().orElseThrow().similarity(), within(1e-6));
    assertThat(memory.search(MemoryQuery.text(q).k(5).minScore(1.0).build())).isEmpty();
  }

  @Test
  void should_keep_typed_metadata_and_filter_on_it() {
    WorkingMemory memory = memory();
    UUID incident = UUID.fromString("0d5f3c1e-2b7a-4c1d-9e8f-1a2b3c4d5e6f");
    write(memory, "ssh brute force on web-03", Map.of("host", "web-03", "severity", 3, "incident", incident));
    write(memory, "ssh brute force on web-07", Map.of("host", "web-07", "severity", 5L, "score", 0.5f));
    write(memory, "ssh brute force on web-09", Map.of("host", "web-09", "ratio", 0.25d));
    List<Recall> onWeb07 = memory.recall("ssh brute force", 3, MetadataFilter.eq("host", "web-07"));
    assertThat(onWeb07).singleElement().satisfies(r -> {
      assertThat(r.metadata()).containsEntry("severity", 5L).containsEntry("score", 0.5f);
      assertThatThrownBy(() -> r.metadata().put("x", "y")).isInstanceOf(UnsupportedOperationException.class);
    });
    assertThat(memory.recall("ssh brute force", 3, MetadataFilter.eq("incident", incident)))
        .extracting(Recall::text).containsExactly("ssh brute force on web-03");
    assertThat(memory.recall("ssh", 3, MetadataFilter.has("ratio").or(MetadataFilter.eq("severity", 3)))).hasSize(2);
  }

  @Test
  void should_answer_only_the_kinds_a_query_names() {
    WorkingMemory memory = memory();
    String note = write(memory, "escalate: disk full on db-01", Map.of(MemoryKind.KEY, "NOTE"));
    String action = write(memory, "escalate: disk full on db-01 now", Map.of(MemoryKind.KEY, "ACTION"));
    String call = write(memory, "lookupOrder {\"orderId\":\"42\"}", Map.of(MemoryKind.KEY, "TOOL_CALL"));
    float[] query = EMBEDDER.embed("escalate: disk full on db-01");
    assertThat(memory.matchVector(query, 0.99)).as("the note is the nearest item of all")
        .hasValueSatisfying(r -> assertThat(r.id()).isEqualTo(note));
    assertThat(memory.matchVector(query, 0.5, MemoryKind.ACTION)).as("the guard's lookup sees the action only")
        .hasValueSatisfying(r -> {
          assertThat(r.id()).isEqualTo(action);
          assertThat(r.kind()).isEqualTo(MemoryKind.ACTION);
        });
    assertThat(memory.matchVector(query, -1, MemoryKind.OBSERVATION)).isEmpty();
    assertThat(memory.search(MemoryQuery.text("escalate disk").k(10).kinds(MemoryKind.NOTE).build()))
        .extracting(Recall::id).containsExactly(note);
    assertThat(memory.search(MemoryQuery.text("escalate disk").k(10).kinds(MemoryKind.ACTION, MemoryKind.TOOL_CALL)
        .build())).extracting(Recall::id).containsExactlyInAnyOrder(action, call);
    // An immutable set is how a store's request carries kinds over the wire: Set.copyOf must be accepted.
    assertThat(memory.search(MemoryQuery.text("escalate disk").k(10)
        .kinds(Set.copyOf(List.of(MemoryKind.ACTION, MemoryKind.TOOL_CALL))).build()))
        .extracting(Recall::id).containsExactlyInAnyOrder(action, call);
    assertThat(memory.items()).filteredOn(i -> i.id().equals(call)).singleElement()
        .satisfies(i -> assertThat(i.kind()).isEqualTo(MemoryKind.TOOL_CALL));
    assertThatThrownBy(() -> write(memory, "shouted", Map.of(MemoryKind.KEY, "SHOUT")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("memloop.kind").hasMessageContaining("SHOUT");
    assertThat(memory.size()).isEqualTo(3);
  }

  @Test
  void should_match_only_among_the_items_of_the_identity_asked_for() {
    WorkingMemory memory = memory();
    Map<String, Object> order42 = Map.of(MemoryKind.KEY, "ACTION", ItemIdentity.KEY, "ids:[\"order-42\"]");
    Map<String, Object> order43 = Map.of(MemoryKind.KEY, "ACTION", ItemIdentity.KEY, "ids:[\"order-43\"]");
    String first = write(memory, "refund", order42);
    String other = write(memory, "refund", order43);
    String plain = write(memory, "refund", Map.of(MemoryKind.KEY, "ACTION"));
    String note = write(memory, "refund", Map.of(ItemIdentity.KEY, "ids:[\"order-42\"]"));
    float[] query = EMBEDDER.embed("refund");
    assertThat(memory.matchVector(query, 0.99, MemoryKind.ACTION, "ids:[\"order-42\"]"))
        .as("the same words about another order do not answer; nor does the note about this one")
        .hasValueSatisfying(r -> assertThat(r.id()).isEqualTo(first));
    assertThat(memory.matchVector(query, 0.99, MemoryKind.ACTION, "ids:[\"order-44\"]")).as("nothing about 44")
        .isEmpty();
    assertThat(memory.matchVector(query, 0.99, MemoryKind.ACTION, ItemIdentity.NONE)).as("none: no identity at all")
        .hasValueSatisfying(r -> assertThat(r.id()).isEqualTo(plain));
    assertThat(memory.search(MemoryQuery.text("refund").k(10).identity("ids:[\"order-42\"]").build()))
        .extracting(Recall::id).containsExactly(first, note);
    assertThat(memory.search(MemoryQuery.text("refund").k(10).identity("ids:[\"order-43\"]").build()))
        .extracting(Recall::id).containsExactly(other);
    assertThat(memory.items()).filteredOn(i -> i.id().equals(first)).singleElement()
        .satisfies(i -> assertThat(ItemIdentity.of(i.metadata())).isEqualTo("ids:[\"order-42\"]"));
    assertThatThrownBy(() -> write(memory, "blank", Map.of(ItemIdentity.KEY, " ")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(ItemIdentity.KEY);
    assertThatThrownBy(() -> MemoryQuery.text("x").identity(" ")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("identity");
    assertThat(memory.size()).isEqualTo(4);
  }

  @Test
  void should_keep_the_identity_index_in_step_through_removals() {
    assumeTrue(removes(), "this memory refuses removals");
    WorkingMemory memory = memory();
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      ids.add(write(memory, "refund step " + i, Map.of(MemoryKind.KEY, "ACTION", ItemIdentity.KEY, "order-" + (i % 4))));
    }
    for (int i = 0; i < 40; i += 3) { // removals move the last item into each hole
      assertThat(memory.remove(ids.get(i))).isTrue();
    }
    for (int order = 0; order < 4; order++) {
      int o = order;
      List<String> expected = new ArrayList<>();
      for (int i = 0; i < 40; i++) {
        if (i % 4 == o && i % 3 != 0) {
          expected.add(ids.get(i));
        }
      }
      assertThat(memory.search(MemoryQuery.text("refund step").k(40).identity("order-" + order).build()))
          .as("order-%d's items after the removals", order).extracting(Recall::id)
          .containsExactlyInAnyOrderElementsOf(expected);
    }
    memory.clear();
    assertThat(memory.search(MemoryQuery.text("refund step").k(40).identity("order-1").build())).isEmpty();
  }

  @Test
  void should_remove_by_id_by_filter_and_clear() {
    assumeTrue(removes(), "this memory refuses removals");
    WorkingMemory memory = memory();
    String a = write(memory, "first fact about the trip", Map.of("day", "one"));
    String b = write(memory, "second fact about the budget", Map.of("day", "two"));
    write(memory, "third fact about the hotel", Map.of("day", "two"));
    assertThat(memory.remove(a)).isTrue();
    assertThat(memory.remove(a)).isFalse();
    assertThat(memory.vector(a)).isEmpty();
    assertThat(memory.recall("first fact about the trip", 5)).extracting(Recall::id).doesNotContain(a).contains(b);
    assertThat(memory.removeAll(MetadataFilter.eq("day", "two").and(m -> true))).isEqualTo(2);
    assertThat(memory.size()).isZero();
    write(memory, "a fact after the removals");
    memory.clear();
    assertThat(memory.size()).isZero();
    assertThat(memory.recall("a fact", 5)).isEmpty();
  }

  @Test
  void should_find_nothing_for_a_query_that_embeds_to_nothing() {
    WorkingMemory memory = memory();
    write(memory, "a real fact");
    assertThat(memory.recall("??", 3)).isEmpty();
    assertThat(memory.search(MemoryQuery.text("...").k(2).build())).isEmpty();
    assertThat(memory.match("...", 0.1)).isEmpty();
    assertThat(memory.seen("!!", -1)).isFalse();
    assertThat(memory.size()).isEqualTo(1);
  }

  @Test
  void should_give_back_every_item_with_its_id_text_vector_and_metadata() {
    WorkingMemory memory = memory();
    String id = write(memory, "the hotel is near the station", Map.of("day", 2L));
    MemoryItem item = memory.items().stream().filter(i -> i.id().equals(id)).findFirst().orElseThrow();
    assertThat(item.text()).isEqualTo("the hotel is near the station");
    assertThat(((Number) item.metadata().get("day")).longValue()).isEqualTo(2L);
    Optional<float[]> vector = memory.vector(id);
    assertThat(vector).isPresent();
    float[] expected = EMBEDDER.embed("the hotel is near the station");
    double dot = 0;
    double norm = 0;
    for (int i = 0; i < expected.length; i++) {
      dot += expected[i] * vector.get()[i];
      norm += expected[i] * expected[i];
    }
    assertThat(dot / Math.sqrt(norm)).as("stored unit length, in the text's direction").isCloseTo(1.0, within(1e-5));
  }

  @Test
  void should_refuse_bad_queries_naming_the_value_and_change_nothing() {
    WorkingMemory memory = memory();
    write(memory, "a fact");
    assertThatThrownBy(() -> memory.search(null)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("query");
    assertThatThrownBy(() -> memory.recall("fact", 0)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("k must be > 0: 0");
    assertThatThrownBy(() -> memory.recall(" ", 1)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("query must not be null or blank");
    assertThatThrownBy(() -> memory.match("fact", 1.5)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("threshold must be in [-1, 1]: 1.5");
    assertThatThrownBy(() -> memory.search(MemoryQuery.vector(new float[3]).build()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("dimension 3");
    assertThatThrownBy(() -> memory.search(MemoryQuery.vector(new float[64]).build()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("zero vector");
    assertThatThrownBy(() -> MemoryQuery.text("fact").minScore(Double.NaN).build())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("minScore must be in [-1, 1]: NaN");
    assertThat(memory.size()).isEqualTo(1);
  }

  private static List<String> ids(List<Recall> found) {
    return found.stream().map(Recall::id).toList();
  }
}
