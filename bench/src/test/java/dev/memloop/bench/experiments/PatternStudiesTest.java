package dev.memloop.bench.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memloop.memory.IndexKind;
import dev.memloop.memory.embed.Embedders;
import dev.memloop.memory.embed.HashingEmbedder;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The pattern studies' parts on small cases whose answers are known. */
class PatternStudiesTest {

  @Test
  void should_split_similarities_where_youden_s_j_peaks_preferring_the_higher_of_ties() {
    // at 0.85: 2/3 of "same" and none of "different" (J 0.67); at 0.8: all of "same" and 1/3 of "different" (J 0.67)
    assertThat(SimilaritySplit.threshold(List.of(0.9, 0.85, 0.8), List.of(0.3, 0.5, 0.82))).isEqualTo(0.85);
    assertThat(SimilaritySplit.threshold(List.of(0.7), List.of(0.2))).isEqualTo(0.7);
    assertThatThrownBy(() -> SimilaritySplit.threshold(List.of(), List.of(0.2)))
        .hasMessageContaining("a split needs both samples: 0 same, 1 different");
  }

  @Test
  void should_recover_guard_precision_with_eviction_and_fewer_items_with_dedup() {
    ConfusionMemory.Result plain = ConfusionMemory.run(1_000, new ConfusionMemory.Variant(IndexKind.FLAT, false, false),
        100, 7);
    ConfusionMemory.Result evicting = ConfusionMemory.run(1_000, new ConfusionMemory.Variant(IndexKind.FLAT, false, true),
        100, 7);
    ConfusionMemory.Result deduped = ConfusionMemory.run(1_000, new ConfusionMemory.Variant(IndexKind.FLAT, true, false),
        100, 7);
    assertThat(plain.written()).isEqualTo(evicting.written()).isEqualTo(deduped.written());
    assertThat(plain.stored()).isEqualTo(plain.written());
    assertThat(evicting.precision()).as("stale work no longer blocked").isGreaterThan(plain.precision());
    assertThat(deduped.stored()).as("one item per fact").isEqualTo(1_000 / 3);
    assertThat(deduped.recallAtK()).as("copies no longer crowd the window").isGreaterThanOrEqualTo(plain.recallAtK());
  }

  @Test
  void should_let_fixed_k_8_return_at_most_8_facts_and_the_adaptive_read_every_fact_of_a_small_memory() {
    var embedder = Embedders.cached(new HashingEmbedder(256), Integer.MAX_VALUE);
    double threshold = ReadPolicyGap.dedupThreshold(embedder);
    var facts = dev.memloop.workloads.trip.DurableFacts.draw(20, 3);
    assertThat(ReadPolicySession.recalled(facts, 1, ReadPolicySession.Policy.FIXED_K8, embedder, threshold, 3))
        .isLessThanOrEqualTo(8);
    assertThat(ReadPolicySession.recalled(facts.subList(0, 5), 1, ReadPolicySession.Policy.ADAPTIVE, embedder,
        threshold, 3)).as("a memory smaller than 24 is read whole").isEqualTo(5);
  }
}
