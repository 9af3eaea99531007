package dev.memloop.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memloop.memory.embed.HashingEmbedder;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * BM25 reads each item with the items its writer added just before it (the lexical context): an answer is found by
 * the words of the question before it, below the question itself; another writer's items and another kind's are
 * never context; a removed item's words stop matching the items that read it; 0 reads each item alone.
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

  @Test
  void should_refuse_a_context_out_of_range_by_name() {
    assertThatThrownBy(() -> WorkingMemory.builder(EMBEDDER).lexicalContext(-1))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("lexicalContext must be in [0, 8] items: -1");
    assertThatThrownBy(() -> WorkingMemory.builder(EMBEDDER).lexicalContext(9))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("lexicalContext must be in [0, 8] items: 9");
  }
}
