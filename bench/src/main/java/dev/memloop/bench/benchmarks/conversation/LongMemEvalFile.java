package dev.memloop.bench.benchmarks.conversation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * LongMemEval's published files ({@code longmemeval_s}, {@code _m}, {@code _oracle}): a JSON list of questions, each
 * with its {@code question_id}, {@code question_type}, {@code question}, {@code answer}, {@code question_date}, and
 * its haystack: {@code haystack_session_ids}, {@code haystack_dates} and {@code haystack_sessions} (lists of
 * {@code {role, content, has_answer}} turns), with {@code answer_session_ids} naming the sessions that hold the
 * answer. Read whole; a file in another format, or cut short, is refused naming the file and what is wrong.
 */
public final class LongMemEvalFile {

  /** One turn of a haystack session; {@code hasAnswer} marks the evidence turns. */
  public record Turn(String role, String content, boolean hasAnswer) {}

  /** One haystack session. */
  public record Session(String id, String date, List<Turn> turns) {}

  /** One question with its own haystack. */
  public record Question(String id, String type, String text, String answer, List<Session> sessions,
      List<String> answerSessionIds) {

    /** An abstention question (its id ends in {@code _abs}): nothing in the haystack answers it. */
    public boolean abstention() {
      return id.endsWith("_abs");
    }
  }

  private LongMemEvalFile() {}

  /**
   * @throws IllegalArgumentException naming {@code file}: unreadable JSON (a truncated file), not a list of
   *     questions, a question whose haystack lists disagree
   */
  public static List<Question> read(Path file) throws IOException {
    JsonNode root;
    try {
      root = new ObjectMapper().readTree(Files.readAllBytes(file));
    } catch (com.fasterxml.jackson.core.JsonProcessingException broken) {
      throw new IllegalArgumentException(file + " is not JSON (cut short?): " + broken.getOriginalMessage(), broken);
    }
    if (root == null || !root.isArray() || root.isEmpty() || !root.get(0).has("haystack_sessions")) {
      throw new IllegalArgumentException(file + " is not LongMemEval's format: expected a JSON list of questions, "
          + "each with question_id, question and haystack_sessions");
    }
    List<Question> questions = new ArrayList<>();
    for (int i = 0; i < root.size(); i++) {
      questions.add(question(file, i, root.get(i)));
    }
    return questions;
  }

  private static Question question(Path file, int index, JsonNode q) {
    String id = q.path("question_id").asText("question-" + index);
    JsonNode sessions = q.path("haystack_sessions");
    JsonNode ids = q.path("haystack_session_ids");
    JsonNode dates = q.path("haystack_dates");
    if (!sessions.isArray() || !ids.isArray() || ids.size() != sessions.size()) {
      throw new IllegalArgumentException(file + ", question " + index + " (" + id + "): haystack_sessions and "
          + "haystack_session_ids disagree (" + sessions.size() + " sessions, " + ids.size() + " ids)");
    }
    List<Session> haystack = new ArrayList<>();
    for (int s = 0; s < sessions.size(); s++) {
      List<Turn> turns = new ArrayList<>();
      for (JsonNode turn : sessions.get(s)) {
        String content = turn.path("content").asText("");
        if (!content.isBlank()) {
          turns.add(new Turn(turn.path("role").asText(""), content, turn.path("has_answer").asBoolean(false)));
        }
      }
      haystack.add(new Session(ids.get(s).asText(), dates.path(s).asText(""), List.copyOf(turns)));
    }
    List<String> answers = new ArrayList<>();
    q.path("answer_session_ids").forEach(a -> answers.add(a.asText()));
    return new Question(id, q.path("question_type").asText("unknown"), q.path("question").asText(""),
        q.path("answer").asText(""), List.copyOf(haystack), List.copyOf(answers));
  }
}
