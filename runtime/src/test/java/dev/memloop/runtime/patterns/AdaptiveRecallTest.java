package dev.memloop.runtime.patterns;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memloop.memory.Recall;
import dev.memloop.memory.WorkingMemory;
import java.util.List;
import org.junit.jupiter.api.Test;

class AdaptiveRecallTest {

  /**
   * The query at 0 degrees; five wordings of one fact crowd around it (1-5 degrees), two other facts lie at 30
   * and 60: a fixed read of 2 returns two copies of the first fact, a diverse one the first fact and the next.
   */
  final PlaneEmbedder embedder = new PlaneEmbedder().at("query", 0).at("budget v1", 1).at("budget v2", 2)
      .at("budget v3", 3).at("budget v4", 4).at("budget v5", 5).at("dates", 30).at("hotel", 60);

  WorkingMemory crowded() {
    WorkingMemory m = WorkingMemory.builder(embedder).build();
    for (String text : List.of("budget v1", "budget v2", "budget v3", "budget v4", "budget v5", "dates", "hotel")) {
      m.add(text);
    }
    return m;
  }

  @Test
  void should_not_let_near_duplicates_crowd_the_window() {
    WorkingMemory memory = crowded();
    assertThat(memory.recall("query", 2)).extracting(Recall::text).containsExactly("budget v1", "budget v2");
    AdaptiveRecall adaptive = new AdaptiveRecall(memory, embedder, new AdaptiveRecall.Settings(2, 2, 0, 0.7, 0.99));
    assertThat(adaptive.recall("query")).extracting(Recall::text).containsExactly("budget v1", "dates");
    assertThat(adaptive.counters().collapsed()).as("copies of budget v1 dropped").isPositive();
  }

  @Test
  void should_grow_k_with_the_memory_within_its_bounds() {
    AdaptiveRecall adaptive = new AdaptiveRecall(crowded(), embedder, new AdaptiveRecall.Settings(2, 5, 0.5, 1, 1));
    assertThat(adaptive.k(0)).isEqualTo(2);
    assertThat(adaptive.k(4)).isEqualTo(2);
    assertThat(adaptive.k(7)).isEqualTo(4); // ceil(3.5)
    assertThat(adaptive.k(1_000)).isEqualTo(5);
  }

  @Test
  void should_return_the_plain_ranking_with_lambda_1_and_no_duplicate_threshold() {
    AdaptiveRecall adaptive = new AdaptiveRecall(crowded(), embedder, new AdaptiveRecall.Settings(3, 3, 0, 1, 1));
    assertThat(adaptive.recall("query")).extracting(Recall::text).containsExactly("budget v1", "budget v2", "budget v3");
  }

  @Test
  void should_read_a_memory_that_keeps_words_by_its_hybrid_recall() {
    PlaneEmbedder plane = new PlaneEmbedder().at("query order 42", 0).at("budget v1", 1).at("budget v2", 2)
        .at("hotel", 60).at("order 42 refunded", 90);
    List<String> texts = List.of("budget v1", "budget v2", "hotel", "order 42 refunded");
    WorkingMemory vectors = WorkingMemory.builder(plane).build();
    WorkingMemory words = WorkingMemory.builder(plane).lexical().lexicalContext(0).build();
    texts.forEach(vectors::add);
    texts.forEach(words::add);
    AdaptiveRecall.Settings settings = new AdaptiveRecall.Settings(2, 2, 0, 1, 1);
    assertThat(new AdaptiveRecall(vectors, plane, settings).recall("query order 42")).extracting(Recall::text)
        .as("by meaning alone, the order is at right angles").containsExactly("budget v1", "budget v2");
    assertThat(new AdaptiveRecall(words, plane, settings).recall("query order 42")).extracting(Recall::text)
        .as("its words and its fifth place by meaning put it first").containsExactly("order 42 refunded",
            "budget v1");
  }

  @Test
  void should_return_nothing_from_an_empty_memory_or_for_an_unknown_query() {
    AdaptiveRecall empty = new AdaptiveRecall(WorkingMemory.builder(embedder).build(), embedder,
        new AdaptiveRecall.Settings(2, 4, 0.25, 0.7, 0.9));
    assertThat(empty.recall("query")).isEmpty();
    assertThat(new AdaptiveRecall(crowded(), embedder, new AdaptiveRecall.Settings(2, 4, 0.25, 0.7, 0.9))
        .recall("nothing known")).isEmpty();
  }

  @Test
  void should_stop_when_every_candidate_is_a_copy_of_a_pick() {
    WorkingMemory copies = WorkingMemory.builder(embedder).build();
    copies.add("budget v1");
    copies.add("budget v2");
    copies.add("budget v3");
    AdaptiveRecall adaptive = new AdaptiveRecall(copies, embedder, new AdaptiveRecall.Settings(3, 3, 0, 0.7, 0.99));
    assertThat(adaptive.recall("query")).extracting(Recall::text).containsExactly("budget v1");
  }

  @Test
  void should_refuse_bad_settings_naming_them() {
    assertThatThrownBy(() -> new AdaptiveRecall.Settings(0, 4, 0.25, 0.7, 0.9))
        .hasMessageContaining("adaptive recall needs 0 < k-min <= k-max: k-min 0, k-max 4");
    assertThatThrownBy(() -> new AdaptiveRecall.Settings(5, 4, 0.25, 0.7, 0.9)).hasMessageContaining("k-min 5, k-max 4");
    assertThatThrownBy(() -> new AdaptiveRecall.Settings(2, 4, -0.1, 0.7, 0.9))
        .hasMessageContaining("fraction must be in [0, 1]: -0.1");
    assertThatThrownBy(() -> new AdaptiveRecall.Settings(2, 4, 0.2, 1.2, 0.9)).hasMessageContaining("lambda must be in [0, 1]: 1.2");
    assertThatThrownBy(() -> new AdaptiveRecall.Settings(2, 4, 0.2, 0.5, 2))
        .hasMessageContaining("duplicate threshold must be a similarity in [0, 1]: 2.0");
    AdaptiveRecall adaptive = new AdaptiveRecall(crowded(), embedder, new AdaptiveRecall.Settings(2, 4, 0.25, 0.7, 0.9));
    assertThatThrownBy(() -> adaptive.recall(null)).hasMessageContaining("query must not be null or blank: null");
  }
}
