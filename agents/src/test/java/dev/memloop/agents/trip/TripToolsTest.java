package dev.memloop.agents.trip;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memloop.memory.embed.HashingEmbedder;
import dev.memloop.runtime.patterns.AdaptiveRecall;
import org.junit.jupiter.api.Test;

class TripToolsTest {

  static final HashingEmbedder EMBEDDER = new HashingEmbedder(256);

  @Test
  void should_keep_every_copy_with_the_paper_s_tools_and_one_with_dedup() {
    try (TripTools plain = new TripTools(EMBEDDER, 8);
        TripTools deduping = new TripTools(EMBEDDER, 8, 0.99, null)) {
      for (TripTools tools : new TripTools[] {plain, deduping}) {
        tools.remember("The hotel must be pet-friendly.");
        tools.remember("The hotel must be pet-friendly.");
        tools.remember("I need an aisle seat on every flight.");
      }
      assertThat(plain.stored()).isEqualTo(3);
      assertThat(deduping.stored()).isEqualTo(2);
      assertThat(deduping.writes()).as("every call counts as a write").isEqualTo(3);
    }
  }

  @Test
  void should_read_past_k_without_copies_with_adaptive_recall() {
    try (TripTools adaptive = new TripTools(EMBEDDER, 1, Double.NaN, new AdaptiveRecall.Settings(1, 4, 1.0, 0.7, 0.99))) {
      adaptive.remember("The hotel must be pet-friendly.");
      adaptive.remember("The hotel must be pet-friendly.");
      adaptive.remember("I need an aisle seat on every flight.");
      assertThat(adaptive.recall("hotel and flight requirements")).as("both facts, the copy dropped")
          .containsExactlyInAnyOrder("The hotel must be pet-friendly.", "I need an aisle seat on every flight.");
    }
  }
}
