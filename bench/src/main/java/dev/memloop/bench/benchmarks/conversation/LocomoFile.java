package dev.memloop.bench.benchmarks.conversation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The published LoCoMo file ({@code locomo10.json}): a JSON list of samples, each with its {@code sample_id}, a
 * {@code conversation} of two speakers whose sessions are {@code session_N} lists of turns ({@code speaker},
 * {@code dia_id}, {@code text}) dated by {@code session_N_date_time}, and {@code qa}: questions with their
 * {@code answer}, {@code evidence} (dia ids) and {@code category} (1-5; 5 is adversarial). Read whole; a file in
 * another format, or cut short, is refused naming the file and what is wrong. Per-question defects (no evidence,
 * evidence naming no turn) are kept, and counted by the benchmark.
 */
public final class LocomoFile {

  /** One dialogue turn: its id ({@code D3:12}), speaker, text, and its session's date as written. */
  public record Turn(String diaId, String speaker, String text, int session, String sessionDate) {

    /** The turn as one memory item: {@code "Speaker: text"}. */
    public String item() {
      return speaker + ": " + text;
    }
  }

  /** One question; {@code evidence} as written (ids that may name no turn). */
  public record Question(String text, String answer, List<String> evidence, int category) {}

  /** One conversation and its questions. */
  public record Conversation(String sampleId, List<Turn> turns, List<Question> questions) {}

  private LocomoFile() {}

  /**
   * @throws IllegalArgumentException naming {@code file}: unreadable JSON (a truncated file), not a list of samples,
   *     a sample without its conversation or questions, an empty conversation
   */
  public static List<Conversation> read(Path file) throws IOException {
    JsonNode root;
    try {
      root = new ObjectMapper().readTree(Files.readAllBytes(file));
    } catch (com.fasterxml.jackson.core.JsonProcessingException broken) {
      throw new IllegalArgumentException(file + " is not JSON (cut short?): " + broken.getOriginalMessage(), broken);
    }
    if (root == null || !root.isArray() || root.isEmpty()) {
      throw new IllegalArgumentException(file + " is not LoCoMo's format: expected a JSON list of samples, each "
          + "with sample_id, conversation and qa");
    }
    List<Conversation> conversations = new ArrayList<>();
    for (int i = 0; i < root.size(); i++) {
      conversations.add(conversation(file, i, root.get(i)));
    }
    return conversations;
  }

  private static Conversation conversation(Path file, int index, JsonNode sample) {
    String where = file + ", sample " + index;
    if (!sample.isObject() || !sample.path("conversation").isObject() || !sample.path("qa").isArray()) {
      throw new IllegalArgumentException(where + " is not LoCoMo's format: a sample needs a conversation object and "
          + "a qa list");
    }
    String id = sample.path("sample_id").asText("sample-" + index);
    JsonNode conversation = sample.get("conversation");
    Map<Integer, JsonNode> sessions = new TreeMap<>(); // session_2 before session_10
    for (Iterator<Map.Entry<String, JsonNode>> fields = conversation.fields(); fields.hasNext(); ) {
      Map.Entry<String, JsonNode> field = fields.next();
      String name = field.getKey();
      if (name.matches("session_\\d+") && field.getValue().isArray()) {
        sessions.put(Integer.parseInt(name.substring("session_".length())), field.getValue());
      }
    }
    List<Turn> turns = new ArrayList<>();
    for (Map.Entry<Integer, JsonNode> session : sessions.entrySet()) {
      String date = conversation.path("session_" + session.getKey() + "_date_time").asText("");
      for (JsonNode turn : session.getValue()) {
        String text = turn.path("text").asText("");
        String diaId = turn.path("dia_id").asText("");
        if (diaId.isEmpty() || text.isBlank()) {
          continue; // an image-only turn, or one without an id: nothing to recall
        }
        turns.add(new Turn(diaId, turn.path("speaker").asText(""), text, session.getKey(), date));
      }
    }
    if (turns.isEmpty()) {
      throw new IllegalArgumentException(where + " (" + id + ") has an empty conversation: no session_N turns");
    }
    List<Question> questions = new ArrayList<>();
    for (JsonNode qa : sample.get("qa")) {
      Set<String> evidence = new LinkedHashSet<>();
      for (JsonNode e : qa.path("evidence")) {
        for (String part : e.asText("").split("[;,]")) { // a few entries hold two ids in one string
          if (!part.isBlank()) {
            evidence.add(part.trim());
          }
        }
      }
      JsonNode answer = qa.has("answer") ? qa.get("answer") : qa.path("adversarial_answer");
      questions.add(new Question(qa.path("question").asText(""), answer.asText(""), List.copyOf(evidence),
          qa.path("category").asInt(0)));
    }
    return new Conversation(id, List.copyOf(turns), List.copyOf(questions));
  }
}
