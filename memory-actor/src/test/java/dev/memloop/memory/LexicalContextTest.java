package dev.memloop.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memloop.memory.embed.HashingEmbedder;
import dev.memloop.memory.index.LexicalIndex;
import dev.memloop.memory.index.RankFusion;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * BM25 reads each item with the items its writer added just before it (the lexical context): an answer is found by
 * the words of the question before it, below the question itself; another writer's items and another kind's are
 * never context; a removed item's words stop matching the items that read it, and the next item reads the present
 * ones before it; after random adds and removals the ranking is a model's; 0 reads each item alone.
 */
class LexicalContextTest {

  private static final HashingEmbedder EMBEDDER = new HashingEmbedder(64);
  private static final String QUESTION = "Did you finish the pottery workshop in Lisbon?";
  private static final String ANSWER = "Yes, last Tuesday, and I loved it.";
  private static final String[] FILLER = {"disk", "full", "db", "web", "ssh", "login", "port", "scan", "alert",
      "train", "hotel", "vegan", "invoice", "refund", "paid", "friday", "night", "owner", "storage", "garden"};

  /** 200 items of filler words, so that the vector side alone ranks the answer nowhere near the top. */
  private static void fill(WorkingMemory memory) {
    SplittableRandom random = new SplittableRandom(11);
    for (int i = 0; i < 200; i++) {
      StringBuilder text = new StringBuilder();
      for (int w = 0; w < 6; w++) {
        text.append(w == 0 ? "" : " ").append(FILLER[random.nextInt(FILLER.length)]);
      }
      memory.add(text.toString());
    }
  }

  private static List<String> top3(WorkingMemory memory) {
    return memory.search(MemoryQuery.text("pottery workshop Lisbon").k(3).hybrid().build()).stream()
        .map(Recall::text).toList();
  }

  @Test
  void should_find_an_answer_by_the_words_of_the_question_before_it() {
    WorkingMemory memory = WorkingMemory.builder(EMBEDDER).lexical().build();
    fill(memory);
    memory.add(QUESTION);
    memory.add(ANSWER);
    fill(memory);
    List<String> found = top3(memory);
    assertThat(found).as("the question by its own words, first; the answer by its context, after it")
        .startsWith(QUESTION).contains(ANSWER);
  }

  @Test
  void should_read_each_item_alone_with_no_context() {
    WorkingMemory memory = WorkingMemory.builder(EMBEDDER).lexical().lexicalContext(0).build();
    fill(memory);
    memory.add(QUESTION);
    memory.add(ANSWER);
    fill(memory);
    assertThat(top3(memory)).contains(QUESTION).doesNotContain(ANSWER);
  }

  @Test
  void should_not_read_another_writers_or_another_kinds_items_as_context() {
    WorkingMemory memory = WorkingMemory.builder(EMBEDDER).lexical().build();
    fill(memory);
    memory.add(QUESTION, MemoryKind.NOTE.tag("alice", Map.of()));
    memory.add(ANSWER, MemoryKind.NOTE.tag("bob", Map.of()));
    memory.add("Yes, it was lovely.", MemoryKind.OBSERVATION.tag("alice", Map.of()));
    memory.add(ANSWER + " Truly.", MemoryKind.NOTE.tag("alice", Map.of()));
    fill(memory);
    assertThat(top3(memory)).as("bob's note and alice's observation do not read alice's note; her next note does")
        .contains(QUESTION, ANSWER + " Truly.").doesNotContain(ANSWER, "Yes, it was lovely.");
  }

  @Test
  void should_stop_matching_a_removed_items_words() {
    WorkingMemory memory = WorkingMemory.builder(EMBEDDER).lexical().build();
    fill(memory);
    String question = memory.add(QUESTION);
    memory.add(ANSWER);
    fill(memory);
    assertThat(top3(memory)).contains(ANSWER);
    memory.remove(question);
    assertThat(top3(memory)).as("the answer was read again without the removed question").doesNotContain(ANSWER);
  }

  @Test
  void should_not_give_a_removed_latest_item_as_context_to_the_next() {
    WorkingMemory memory = WorkingMemory.builder(EMBEDDER).lexical().build();
    fill(memory);
    String question = memory.add(QUESTION);
    memory.remove(question);
    memory.add(ANSWER);
    fill(memory);
    assertThat(top3(memory)).as("the answer came after the question was gone").doesNotContain(ANSWER);
  }

  /** One item of the model: its key, text, thread and the keys it read as context (nearest first), while present. */
  private record Modelled(String id, String text, String thread, List<String> context) {}

  @Test
  void should_rank_as_a_model_of_the_context_after_random_adds_and_removals() {
    SplittableRandom random = new SplittableRandom(45);
    WorkingMemory memory = WorkingMemory.builder(EMBEDDER).lexical().build();
    List<Modelled> present = new ArrayList<>();
    for (int step = 0; step < 600; step++) {
      if (!present.isEmpty() && random.nextInt(4) == 0) { // remove one; whoever read it reads the rest of its context
        Modelled gone = present.remove(random.nextInt(present.size()));
        memory.remove(gone.id());
        for (int i = 0; i < present.size(); i++) {
          Modelled m = present.get(i);
          if (m.context().contains(gone.id())) {
            List<String> rest = new ArrayList<>(m.context());
            rest.remove(gone.id());
            present.set(i, new Modelled(m.id(), m.text(), m.thread(), rest));
          }
        }
        continue;
      }
      String author = random.nextBoolean() ? "alice" : "bob";
      StringBuilder text = new StringBuilder();
      for (int w = 0; w < 5; w++) {
        text.append(w == 0 ? "" : " ").append(FILLER[random.nextInt(FILLER.length)]);
      }
      List<String> before = new ArrayList<>(); // the thread's two latest present items, nearest first
      for (int i = present.size() - 1; i >= 0 && before.size() < 2; i--) {
        if (present.get(i).thread().equals(author)) {
          before.add(present.get(i).id());
        }
      }
      String id = memory.add(text.toString(), MemoryKind.NOTE.tag(author, Map.of()));
      present.add(new Modelled(id, text.toString(), author, before));
    }
    LexicalIndex byHand = new LexicalIndex();
    Map<String, String> textOf = new HashMap<>();
    present.forEach(m -> textOf.put(m.id(), m.text()));
    for (int i = 0; i < present.size(); i++) {
      Modelled m = present.get(i);
      byHand.add(i, m.text(), String.join("\n", m.context().stream().map(textOf::get).toList()));
    }
    for (String query : List.of("disk full", "vegan hotel friday", "refund paid owner", "night train storage")) {
      long[] byVector = memory.search(MemoryQuery.text(query).k(50).build()).stream()
          .mapToLong(r -> indexOf(present, r.id())).toArray();
      long[] byText = byHand.search(query, 50, RankFusion.MIN_LEXICAL_SHARE).stream()
          .mapToLong(LexicalIndex.Hit::key).toArray();
      List<String> expected = RankFusion.fuse(List.of(byVector, byText), 10,
          RankFusion.HYBRID_C).stream().map(f -> present.get((int) f.key()).id()).toList();
      assertThat(memory.search(MemoryQuery.text(query).k(10).hybrid().build())).extracting(Recall::id)
          .as("query '%s'", query).containsExactlyElementsOf(expected);
    }
  }

  private static int indexOf(List<Modelled> present, String id) {
    for (int i = 0; i < present.size(); i++) {
      if (present.get(i).id().equals(id)) {
        return i;
      }
    }
    throw new AssertionError("not in the model: " + id);
  }

  @Test
  void should_refuse_a_context_out_of_range_by_name() {
    assertThatThrownBy(() -> WorkingMemory.builder(EMBEDDER).lexicalContext(-1))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("lexicalContext must be in [0, 8] items: -1");
    assertThatThrownBy(() -> WorkingMemory.builder(EMBEDDER).lexicalContext(9))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("lexicalContext must be in [0, 8] items: 9");
  }
}
