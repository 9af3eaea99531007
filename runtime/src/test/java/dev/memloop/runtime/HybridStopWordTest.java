package dev.memloop.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memloop.memory.MemoryQuery;
import dev.memloop.memory.Recall;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.embed.Embedders;
import org.junit.jupiter.api.Test;

/**
 * A hybrid recall on the default embedder, as {@code memloop mcp} serves one: a text that shares only a stop word
 * with the question never wins it (before Lucene's analysis, "the" made the Porto note the answer).
 */
class HybridStopWordTest {

  @Test
  void should_answer_by_meaning_when_the_question_shares_only_a_stop_word_with_a_text() {
    try (WorkingMemory memory = WorkingMemory.builder(Embedders.defaultLocal()).lexical().build()) {
      memory.add("The Porto warehouse is closed on Mondays");
      memory.add("Order-42 was refunded");
      memory.add("The shuttle to the airport leaves at 9");
      String question = "which purchase did we give the money back for?";
      assertThat(memory.search(MemoryQuery.text(question).k(1).hybrid().build())).extracting(Recall::text)
          .as("the vector search's answer; 'the' alone cannot win").containsExactly("Order-42 was refunded");
      assertThat(memory.search(MemoryQuery.text(question).k(1).build())).extracting(Recall::text)
          .containsExactly("Order-42 was refunded");
    }
  }
}
