package dev.memloop.bench.benchmarks.conversation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.memloop.memory.embed.HashingEmbedder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * LoCoMo's retrieval task on a small fixture in its published format, whose answers were worked out by hand: BM25's
 * hit@k, recall@k and MRR (the fixture's turns make its ranking plain), the questions left out and why, the metrics
 * themselves on given rankings, and a file in another format refused by name.
 */
class LocomoRetrievalTest {

  static final Path FIXTURE = Path.of("src/test/resources/locomo/fixture.json");

  @TempDir
  Path dir;

  @Test
  void should_read_the_published_format_with_its_sessions_in_order() throws Exception {
    List<LocomoFile.Conversation> data = LocomoFile.read(FIXTURE);
    assertThat(data).extracting(LocomoFile.Conversation::sampleId).containsExactly("conv-a", "conv-b");
    assertThat(data.get(0).turns()).extracting(LocomoFile.Turn::diaId)
        .containsExactly("D1:1", "D1:2", "D1:3", "D2:1", "D2:2", "D2:3");
    assertThat(data.get(0).turns().get(3).sessionDate()).isEqualTo("10:02 am on 2 June, 2023");
    assertThat(data.get(0).questions()).hasSize(7);
    assertThat(data.get(0).questions().get(4).answer()).as("an adversarial question's answer").isEqualTo("Pixel");
  }

  @Test
  void should_score_bm25_as_worked_out_by_hand_and_count_what_it_leaves_out() throws Exception {
    LocomoRetrieval.Result result = LocomoRetrieval.run(LocomoFile.read(FIXTURE),
        Map.of("hashing", new HashingEmbedder(64)), List.of(1, 5), line -> {});
    assertThat(result.conversations()).isEqualTo(2);
    assertThat(result.turns()).isEqualTo(9);
    assertThat(result.scoredQuestions()).isEqualTo(5);
    assertThat(result.defects()).extracting(LocomoRetrieval.Defects::adversarial,
        LocomoRetrieval.Defects::withoutEvidence, LocomoRetrieval.Defects::evidenceNamingNoTurn,
        LocomoRetrieval.Defects::unreadable).containsExactly(1, 1, 1, 0);
    assertThat(result.defects().named()).as("the two unscored questions, by file, sample and place").containsExactly(
        FIXTURE + ", sample conv-a, question 5: no evidence; not scored",
        FIXTURE + ", sample conv-a, question 6: its evidence [D9:9] names no turn; not scored");
    assertThat(result.methods()).extracting(LocomoRetrieval.MethodResult::method)
        .containsExactly("vector", "bm25", "fused");
    LocomoRetrieval.MethodResult bm25 = result.methods().get(1);
    // with Lucene's English analysis (stop words out, "named" is "name", "moved" is "move"): Ana's cat, Clara and
    // Lisbon rank their evidence first; Ben's marathon ties two turns of equal length and terms, and the older one
    // (not the evidence) goes first: rank 2; the refund question's rarer "invoice" puts D1:1 first, and its
    // evidence, the shorter of the two turns with "refund", second ("will", a stop word, no longer picks it)
    assertThat(bm25.hitAt()).containsEntry(1, 0.6).containsEntry(5, 1.0);
    assertThat(bm25.recallAt().get(1)).isCloseTo(0.5, within(1e-12)); // Lisbon: one of its two evidence turns
    assertThat(bm25.recallAt().get(5)).isCloseTo(1.0, within(1e-12));
    assertThat(bm25.mrr()).isCloseTo(0.8, within(1e-12));
    assertThat(bm25.byCategory().get("1").hitAt()).containsEntry(1, 0.5);
    assertThat(bm25.byCategory().get("1").questions()).isEqualTo(2);
    assertThat(bm25.byCategory()).containsOnlyKeys("1", "2", "3");
    for (LocomoRetrieval.MethodResult method : result.methods()) {
      assertThat(method.questions()).isEqualTo(5);
      assertThat(method.recallP50Nanos()).isPositive();
      assertThat(method.ingestItemsPerSecond()).isPositive();
      assertThat(method.hitAt().get(5)).as("%s: five turns of six or three hold all", method.method())
          .isEqualTo(1.0);
    }
  }

  @Test
  void should_compute_hit_recall_and_mrr_on_given_rankings() {
    RetrievalScores scores = new RetrievalScores(List.of(1, 2, 3));
    scores.add("1", List.of("a", "b", "c"), Set.of("a"));       // rank 1
    scores.add("1", List.of("x", "b", "a"), Set.of("a", "b"));  // b at rank 2, a at 3
    scores.add("2", List.of("x", "y", "z"), Set.of("q"));       // never
    RetrievalScores.Summary overall = scores.overall();
    assertThat(overall.hitAt()).containsEntry(1, 1.0 / 3).containsEntry(2, 2.0 / 3).containsEntry(3, 2.0 / 3);
    assertThat(overall.recallAt().get(2)).isCloseTo((1 + 0.5 + 0) / 3, within(1e-12));
    assertThat(overall.recallAt().get(3)).isCloseTo((1 + 1 + 0) / 3.0, within(1e-12));
    assertThat(overall.mrr()).isCloseTo((1 + 0.5 + 0) / 3, within(1e-12));
    assertThat(scores.byCategory().get("2").hitAt()).containsEntry(3, 0.0);
    assertThatThrownBy(() -> scores.add("1", List.of("a"), Set.of())).hasMessageContaining("needs its evidence");
  }

  @Test
  void should_refuse_a_file_in_another_format_or_cut_short_naming_it() throws Exception {
    Path cut = dir.resolve("cut.json");
    String whole = Files.readString(FIXTURE);
    Files.writeString(cut, whole.substring(0, whole.length() / 2));
    assertThatThrownBy(() -> LocomoFile.read(cut)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith(cut + " is not JSON (cut short?)");
    Path object = dir.resolve("object.json");
    Files.writeString(object, "{\"questions\": []}");
    assertThatThrownBy(() -> LocomoFile.read(object)).hasMessageStartingWith(object + " is not LoCoMo's format");
    Path empty = dir.resolve("empty.json");
    Files.writeString(empty, "[{\"sample_id\": \"x\", \"conversation\": {\"speaker_a\": \"A\"}, \"qa\": []}]");
    assertThatThrownBy(() -> LocomoFile.read(empty))
        .hasMessage(empty + ", sample 0 (x) has an empty conversation: no session_N turns");
  }
}
