package dev.memloop.bench.benchmarks.conversation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.memloop.memory.embed.HashingEmbedder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** LongMemEval's retrieval task on a fixture in its published format, BM25's figures worked out by hand. */
class LongMemEvalRetrievalTest {

  static final Path FIXTURE = Path.of("src/test/resources/longmemeval/fixture.json");

  @TempDir
  Path dir;

  @Test
  void should_score_sessions_and_turns_by_question_type_as_worked_out_by_hand() throws Exception {
    LongMemEvalFile.Questions data = LongMemEvalFile.open(FIXTURE);
    assertThat(data).extracting(LongMemEvalFile.Question::abstention).containsExactly(false, false, true);
    assertThat(data).as("a second pass reads the file again").hasSize(3);
    LongMemEvalRetrieval.Result result = LongMemEvalRetrieval.run(data, Map.of("hashing", new HashingEmbedder(64)),
        List.of(1, 5), line -> {});
    assertThat(result.defects()).isEqualTo(new LongMemEvalRetrieval.Defects(1, 0, 0, 0, List.of()));
    LongMemEvalRetrieval.MethodResult bm25 = result.methods().get(1);
    assertThat(bm25.method()).isEqualTo("bm25");
    // the beagle: its session and turn first; September: Berlin's session first, then Lisbon's
    assertThat(bm25.sessionLevel().questions()).isEqualTo(2);
    assertThat(bm25.sessionLevel().hitAt()).containsEntry(1, 1.0).containsEntry(5, 1.0);
    assertThat(bm25.sessionLevel().recallAt().get(1)).isCloseTo(0.75, within(1e-12));
    assertThat(bm25.sessionLevel().recallAt().get(5)).isCloseTo(1.0, within(1e-12));
    assertThat(bm25.turnLevel().recallAt().get(1)).isCloseTo(0.75, within(1e-12));
    assertThat(bm25.turnLevel().mrr()).isCloseTo(1.0, within(1e-12));
    assertThat(bm25.sessionLevelByType()).containsOnlyKeys("multi-session", "single-session-user");
    assertThat(bm25.sessionLevelByType().get("multi-session").recallAt().get(1)).isCloseTo(0.5, within(1e-12));
    assertThat(result.methods()).extracting(LongMemEvalRetrieval.MethodResult::method)
        .containsExactly("vector", "bm25", "fused");
  }

  @Test
  void should_refuse_another_format_or_a_haystack_whose_lists_disagree_naming_the_file() throws Exception {
    Path locomo = Path.of("src/test/resources/locomo/fixture.json");
    assertThatThrownBy(() -> LongMemEvalFile.open(locomo)).hasMessageStartingWith(locomo
        + " is not LongMemEval's format");
    Path odd = dir.resolve("odd.json");
    Files.writeString(odd, "[{\"question_id\": \"x\", \"question\": \"?\", \"haystack_sessions\": [[]], "
        + "\"haystack_session_ids\": [], \"answer_session_ids\": []}]");
    LongMemEvalFile.Questions questions = LongMemEvalFile.open(odd);
    assertThat(questions).as("left out").isEmpty();
    assertThat(questions.leftOut()).isEqualTo(1);
    assertThat(questions.defects()).containsExactly(odd + ", question 0 (x): haystack_sessions and "
        + "haystack_session_ids disagree (1 sessions, 0 ids); left out");
  }
}
