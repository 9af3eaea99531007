package dev.memloop.bench.benchmarks.conversation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.memloop.memory.Inputs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The benchmark files' faults a sweep found, each replayed on a copy of the fixtures: what is not a regular file, data
 * after the list, and the per-question defects (a null or blank question, a turn of 10 M characters, a session
 * number past an int), each counted and named with the file and the question or turn, the rest still read.
 */
class BenchFileFaultsTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path dir;

  private ArrayNode locomo() throws Exception {
    return (ArrayNode) JSON.readTree(LocomoRetrievalTest.FIXTURE.toFile());
  }

  private Path write(String name, Object json) throws Exception {
    Path file = dir.resolve(name);
    JSON.writeValue(file.toFile(), json);
    return file;
  }

  @Test
  void should_refuse_what_is_not_a_regular_file_before_reading_a_byte() throws Exception {
    assertThatThrownBy(() -> LocomoFile.read(Path.of("/dev/zero"))).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("/dev/zero is not a regular file (a directory, a device or a pipe, which may never end): give "
            + "the JSON file itself");
    Path fifo = dir.resolve("fifo.json");
    Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
    assertThat(mkfifo.waitFor()).isZero();
    assertThatThrownBy(() -> LongMemEvalFile.open(fifo)).hasMessageStartingWith(fifo + " is not a regular file");
    assertThatThrownBy(() -> LongMemEvalFile.open(dir)).hasMessageStartingWith(dir + " is not a regular file");
  }

  @Test
  void should_refuse_data_after_the_list_naming_where() throws Exception {
    Path trailing = dir.resolve("trailing.json");
    Files.writeString(trailing, Files.readString(LocomoRetrievalTest.FIXTURE).strip() + "\ngarbage");
    assertThatThrownBy(() -> LocomoFile.read(trailing)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith(trailing + " has data after its list, at line ");
    Path second = dir.resolve("second.json");
    Files.writeString(second, Files.readString(LongMemEvalRetrievalTest.FIXTURE) + "[]");
    assertThatThrownBy(() -> LongMemEvalFile.open(second)).hasMessageStartingWith(second + " has data after its "
        + "list, at line ");
  }

  @Test
  void should_name_each_locomo_defect_by_file_sample_and_question_and_read_the_rest() throws Exception {
    ArrayNode data = locomo();
    ObjectNode conversation = (ObjectNode) data.get(0).get("conversation");
    ((ObjectNode) data.get(0).get("qa").get(0)).putNull("question");
    ((ObjectNode) data.get(0).get("qa").get(1)).put("question", "   ");
    ((ObjectNode) conversation.get("session_1").get(0)).put("text", "word ".repeat(2_000_000));
    conversation.set("session_99999999999", conversation.get("session_2").deepCopy());
    Path file = write("defects.json", data);
    List<LocomoFile.Conversation> read = LocomoFile.read(file);
    assertThat(read.get(0).defects()).containsExactlyInAnyOrder(
        file + ", sample conv-a, session_99999999999: not a session number (at most 2147483647); left out",
        // the item: "[1:56 pm on 8 May, 2023] " (25) and "Ana: " (5) before the text's 10,000,000
        String.format(java.util.Locale.ROOT, "%s, sample conv-a, turn D1:1: 10,000,030 characters, more than a "
            + "memory item holds (%,d); left out", file, Inputs.MAX_TEXT_CHARS),
        file + ", sample conv-a, question 0: no question text (null); left out",
        file + ", sample conv-a, question 1: no question text (\"   \"); left out");
    assertThat(read.get(0).questions()).hasSize(5);
    assertThat(read.get(0).questionsLeftOut()).isEqualTo(2);
    assertThat(read.get(0).turns()).extracting(LocomoFile.Turn::diaId).doesNotContain("D1:1").contains("D1:2");
    LocomoRetrieval.Defects defects = LocomoRetrieval.defects(read);
    assertThat(defects.unreadable()).isEqualTo(2);
    assertThat(defects.named()).as("the file's four, then the two questions without usable evidence").hasSize(6);
    assertThat(LocomoRetrieval.questions(read) - defects.leftOut()).as("scored: two of conv-a, one of conv-b")
        .isEqualTo(3);
  }

  @Test
  void should_count_an_all_adversarial_file_as_nothing_to_score() throws Exception {
    ArrayNode data = locomo();
    data.forEach(sample -> sample.get("qa").forEach(qa -> ((ObjectNode) qa).put("category", 5)));
    List<LocomoFile.Conversation> read = LocomoFile.read(write("adversarial.json", data));
    assertThat(LocomoRetrieval.defects(read).leftOut()).isEqualTo(LocomoRetrieval.questions(read));
  }

  @Test
  void should_name_each_longmemeval_defect_by_file_and_question_id() throws Exception {
    ArrayNode data = (ArrayNode) JSON.readTree(LongMemEvalRetrievalTest.FIXTURE.toFile());
    ((ObjectNode) data.get(0)).putNull("question");
    ObjectNode turn = (ObjectNode) data.get(1).get("haystack_sessions").get(1).get(0);
    turn.put("content", "x".repeat(10_000_000));
    Path file = write("defects.json", data);
    LongMemEvalFile.Questions questions = LongMemEvalFile.open(file);
    assertThat(questions.defects()).containsExactly(
        file + ", question 0 (q1): no question text (null); left out",
        String.format(java.util.Locale.ROOT, "%s, question 1 (q2), session s2: a turn of 10,000,006 characters, more "
            + "than a memory item holds (%,d); left out", file, Inputs.MAX_TEXT_CHARS));
    assertThat(questions).extracting(LongMemEvalFile.Question::id).containsExactly("q2", "q3_abs");
    assertThat(questions.leftOut()).isEqualTo(1);
    LongMemEvalRetrieval.Defects defects = LongMemEvalRetrieval.defects(questions);
    assertThat(defects.scored(questions.size())).as("q2 alone").isEqualTo(1);
  }

  @Test
  void should_refuse_a_pass_over_a_file_changed_since_it_was_checked() throws Exception {
    Path file = dir.resolve("changing.json");
    Files.copy(LongMemEvalRetrievalTest.FIXTURE, file);
    LongMemEvalFile.Questions questions = LongMemEvalFile.open(file);
    Files.writeString(file, Files.readString(file).replace("beagle", "poodle!"));
    assertThatThrownBy(questions::iterator).isInstanceOf(IllegalStateException.class)
        .hasMessage(file + " changed since it was checked: run again on a file left as it is");
  }
}
