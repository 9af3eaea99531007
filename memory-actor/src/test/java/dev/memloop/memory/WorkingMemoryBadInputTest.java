package dev.memloop.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.Collections;
import java.util.Date;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every bad input gets an {@link IllegalArgumentException} that names the value, and leaves the memory
 * exactly as it was: same size, same answer to the same query.
 */
class WorkingMemoryBadInputTest {

  private static final int D = Memories.EMBEDDER.dimension();

  static Stream<Arguments> badInputs() {
    float[] good = Memories.EMBEDDER.embed("good vector");
    float[] nan = good.clone();
    nan[5] = Float.NaN;
    float[] inf = good.clone();
    inf[7] = Float.NEGATIVE_INFINITY;
    Map<String, Object> nullKey = new HashMap<>();
    nullKey.put(null, "x");
    Map<String, Object> nullValue = new HashMap<>();
    nullValue.put("host", null);
    return Stream.of(
        bad("null text", m -> m.add(null), "text must not be null or blank: null"),
        bad("blank text", m -> m.add("   "), "text must not be null or blank: '   '"),
        bad("blank item in a batch", m -> m.addAll(List.of("fine", " ", "also fine")), "texts[1]"),
        bad("null batch", m -> m.addAll(null), "texts must not be null"),
        bad("null metadata", m -> m.add("text", null), "metadata must not be null"),
        bad("null metadata key", m -> m.add("text", nullKey), "metadata key must not be null or blank: null"),
        bad("blank metadata key", m -> m.add("text", Map.of(" ", 1)), "metadata key must not be null or blank: ' '"),
        bad("null metadata value", m -> m.add("text", nullValue), "metadata value for key 'host' must not be null"),
        bad("unsupported metadata type", m -> m.add("text", Map.of("when", new Date(0))), "java.util.Date"),
        bad("null vector", m -> m.addVector(null, "t", Map.of()), "vector must not be null"),
        bad("wrong dimension", m -> m.addVector(new float[D + 1], "t", Map.of()), "vector dimension " + (D + 1) + " != " + D),
        bad("NaN component", m -> m.addVector(nan, "t", Map.of()), "vector[5] is NaN"),
        bad("infinite component", m -> m.addVector(inf, "t", Map.of()), "vector[7] is -Infinity"),
        bad("zero vector", m -> m.addVector(new float[D], "t", Map.of()), "zero vector"),
        bad("blank text beside a vector", m -> m.addVector(good, " ", Map.of()), "text must be null or non-blank: ' '"),
        bad("null caller id", m -> m.addVector(null, good, "t", Map.of()), "id must not be null or blank: null"),
        bad("blank caller id", m -> m.addVector("  ", good, "t", Map.of()), "id must not be null or blank: '  '"),
        bad("text over the limit", m -> m.add("x".repeat(Inputs.MAX_TEXT_CHARS + 1)),
            "text of 100,001 chars is longer than the limit of 100,000"),
        bad("query over the limit", m -> m.recall("q".repeat(Inputs.MAX_TEXT_CHARS + 1), 1),
            "query of 100,001 chars is longer than the limit of 100,000"),
        bad("text over the limit beside a vector", m -> m.addVector(good, "t".repeat(Inputs.MAX_TEXT_CHARS + 1),
            Map.of()), "text of 100,001 chars is longer than the limit of 100,000"),
        bad("k of zero", m -> m.recall("query", 0), "k must be > 0: 0"),
        bad("negative k", m -> m.recallVector(good, -3), "k must be > 0: -3"),
        bad("null query", m -> m.recall(null, 3), "query must not be null or blank: null"),
        bad("null query vector", m -> m.recallVector(null, 3), "query must not be null"),
        bad("zero query vector", m -> m.recallVector(new float[D], 3), "query is the zero vector"),
        bad("NaN query vector", m -> m.recallVector(nan, 3), "query[5] is NaN"),
        bad("null filter", m -> m.recall("query", 3, null), "filter must not be null"),
        bad("threshold above 1", m -> m.match("text", 1.5), "threshold must be in [-1, 1]: 1.5"),
        bad("threshold below -1", m -> m.seen("text", -1.01), "threshold must be in [-1, 1]: -1.01"),
        bad("NaN threshold", m -> m.seen("text", Double.NaN), "threshold must be in [-1, 1]: NaN"),
        bad("threshold above 1 with a vector", m -> m.matchVector(good, 2.0), "threshold must be in [-1, 1]: 2.0"),
        bad("null match vector", m -> m.matchVector(null, 0.5), "query must not be null"),
        bad("zero match vector", m -> m.matchVector(new float[D], 0.5), "query is the zero vector"),
        bad("wrong match vector dimension", m -> m.matchVector(new float[3], 0.5), "query dimension 3 != " + D),
        bad("null id to remove", m -> m.remove(null), "id must not be null or blank: null"),
        bad("null removal filter", m -> m.removeAll(null), "filter must not be null"),
        bad("null id to read", m -> m.vector(""), "id must not be null or blank: ''"));
  }

  private static Arguments bad(String name, Consumer<WorkingMemory> action, String message) {
    return Arguments.of(name, action, message);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badInputs")
  void should_reject_bad_input_by_name_and_change_nothing(String name, Consumer<WorkingMemory> action, String message) {
    for (Memories kind : Memories.values()) {
      try (WorkingMemory memory = kind.create()) {
        memory.add("investigate host=web-03 sig=ssh-bruteforce", Map.of("host", "web-03"));
        memory.add("rotate certificates on the api gateway");
        List<Recall> before = memory.recall("investigate web-03", 5);

        assertThatThrownBy(() -> action.accept(memory)).as(kind + ": " + name)
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining(message);

        assertThat(memory.size()).as(kind + ": size after " + name).isEqualTo(2);
        assertThat(memory.recall("investigate web-03", 5)).as(kind + ": contents after " + name).isEqualTo(before);
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("afterClose")
  void should_refuse_every_use_after_close(String name, Consumer<WorkingMemory> action) {
    for (Memories kind : Memories.values()) {
      WorkingMemory memory = kind.create();
      memory.add("something");
      memory.close();
      memory.close(); // idempotent
      assertThat(memory.isClosed()).isTrue();
      assertThatThrownBy(() -> action.accept(memory)).as(kind + ": " + name)
          .isInstanceOf(MemoryClosedException.class)
          .hasMessageContaining("closed")
          .hasMessageContaining(name.split(" ")[0]);
    }
  }

  static Stream<Arguments> afterClose() {
    float[] v = Memories.EMBEDDER.embed("v");
    return Stream.of(
        Arguments.of("add", (Consumer<WorkingMemory>) m -> m.add("x")),
        Arguments.of("addAll", (Consumer<WorkingMemory>) m -> m.addAll(List.of("x"))),
        Arguments.of("addVector", (Consumer<WorkingMemory>) m -> m.addVector(v, "x", Map.of())),
        Arguments.of("addVector with id", (Consumer<WorkingMemory>) m -> m.addVector("id", v, "x", Map.of())),
        Arguments.of("search via recall", (Consumer<WorkingMemory>) m -> m.recall("x", 1)),
        Arguments.of("search via recallVector", (Consumer<WorkingMemory>) m -> m.recallVector(v, 1)),
        Arguments.of("search", (Consumer<WorkingMemory>) m -> m.search(MemoryQuery.text("x").k(3).build())),
        Arguments.of("match", (Consumer<WorkingMemory>) m -> m.match("x", 0.5)),
        Arguments.of("match via seen", (Consumer<WorkingMemory>) m -> m.seen("x", 0.5)),
        Arguments.of("matchVector", (Consumer<WorkingMemory>) m -> m.matchVector(v, 0.5)),
        Arguments.of("vector", (Consumer<WorkingMemory>) m -> m.vector("id")),
        Arguments.of("remove", (Consumer<WorkingMemory>) m -> m.remove("id")),
        Arguments.of("removeAll", (Consumer<WorkingMemory>) m -> m.removeAll(meta -> true)),
        Arguments.of("clear", (Consumer<WorkingMemory>) WorkingMemory::clear),
        Arguments.of("size", (Consumer<WorkingMemory>) WorkingMemory::size),
        Arguments.of("timings", (Consumer<WorkingMemory>) WorkingMemory::timings),
        Arguments.of("stats", (Consumer<WorkingMemory>) WorkingMemory::stats));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badBatches")
  void should_add_no_item_of_a_batch_with_one_bad_text(String name, List<String> texts) {
    try (WorkingMemory memory = Memories.SINGLE_OWNER.create()) {
      assertThatThrownBy(() -> memory.addAll(texts)).isInstanceOf(IllegalArgumentException.class);
      assertThat(memory.size()).isZero();
    }
  }

  static Stream<Arguments> badBatches() {
    return Stream.of(
        Arguments.of("null inside", Arrays.asList("a fact", null)),
        Arguments.of("zero vector inside", List.of("a fact", "another fact", "?!")),
        Arguments.of("blank last", List.of("a fact", "")),
        Arguments.of("unmodifiable with blank", Collections.unmodifiableList(List.of("ok", "\t"))));
  }
}
