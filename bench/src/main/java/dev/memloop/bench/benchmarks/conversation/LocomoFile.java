package dev.memloop.bench.benchmarks.conversation;

import com.fasterxml.jackson.databind.JsonNode;
import dev.memloop.memory.Inputs;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The published LoCoMo file ({@code locomo10.json}): a JSON list of samples, each with its {@code sample_id}, a
 * {@code conversation} of two speakers whose sessions are {@code session_N} lists of turns ({@code speaker},
 * {@code dia_id}, {@code text}) dated by {@code session_N_date_time}, and {@code qa}: questions with their
 * {@code answer}, {@code evidence} (dia ids) and {@code category} (1-5; 5 is adversarial). Streamed, one sample at a
 * time ({@link JsonListFile}); a file in another format, cut short, or with data after its list is refused naming the
 * file and what is wrong. What one sample gets wrong is left out and named in its {@link Conversation#defects()}
 * (file, sample and question or turn): a question without text, a turn longer than a memory item may be
 * ({@link Inputs#MAX_TEXT_CHARS}), a session whose number cannot be one. Questions without evidence, or whose
 * evidence names no turn, are kept, and counted by the benchmark.
 */
public final class LocomoFile {

  /** One dialogue turn: its id ({@code D3:12}), speaker, text, and its session's date as written. */
  public record Turn(String diaId, String speaker, String text, int session, String sessionDate) {

    /**
     * The turn as one memory item: {@code "[session date] Speaker: text"}, as an agent would write down a turn it
     * heard (the date alone when the file gives one). The date raised the hybrid recall's hit@10 on the dev file
     * (docs/BENCHMARKS.md): LoCoMo asks "when" in a fifth of its questions.
     */
    public String item() {
      return sessionDate.isEmpty() ? undated() : "[" + sessionDate + "] " + undated();
    }

    /** The turn as it was an item before the session date was added: {@code "Speaker: text"}. */
    public String undated() {
      return speaker + ": " + text;
    }
  }

  /**
   * One question; {@code evidence} as written (ids that may name no turn).
   *
   * @param where the file, the sample and the question's place in its list, as a defect names it
   */
  public record Question(String where, String text, String answer, List<String> evidence, int category) {}

  /**
   * One conversation and its questions.
   *
   * @param defects what was left out of this sample and why, each naming the file, the sample and the question or
   *     turn
   * @param questionsLeftOut how many of its questions were left out on reading (each among the defects)
   */
  public record Conversation(String sampleId, List<Turn> turns, List<Question> questions, List<String> defects,
      int questionsLeftOut) {}

  private static final String FORMAT = "LoCoMo's format: expected a JSON list of samples, each with sample_id, "
      + "conversation and qa";

  private LocomoFile() {}

  /**
   * @throws IllegalArgumentException naming {@code file}: not a regular file, unreadable JSON (a truncated file), not
   *     a list of samples, data after the list, a sample without its conversation or questions, an empty
   *     conversation
   */
  public static List<Conversation> read(Path file) throws IOException {
    List<Conversation> conversations = new ArrayList<>();
    try (JsonListFile list = JsonListFile.open(file, FORMAT)) {
      for (JsonNode sample = list.next(); sample != null; sample = list.next()) {
        conversations.add(conversation(file, conversations.size(), sample));
      }
    }
    if (conversations.isEmpty()) {
      throw new IllegalArgumentException(file + " is not " + FORMAT + " (the list is empty)");
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
    String named = file + ", sample " + id;
    List<String> defects = new ArrayList<>();
    JsonNode conversation = sample.get("conversation");
    Map<Integer, JsonNode> sessions = new TreeMap<>(); // session_2 before session_10
    for (Iterator<Map.Entry<String, JsonNode>> fields = conversation.fields(); fields.hasNext(); ) {
      Map.Entry<String, JsonNode> field = fields.next();
      String name = field.getKey();
      if (name.matches("session_\\d+") && field.getValue().isArray()) {
        Integer number = sessionNumber(name);
        if (number == null) {
          defects.add(named + ", " + name + ": not a session number (at most " + Integer.MAX_VALUE + "); left out");
        } else {
          sessions.put(number, field.getValue());
        }
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
        Turn kept = new Turn(diaId, turn.path("speaker").asText(""), text, session.getKey(), date);
        if (kept.item().length() > Inputs.MAX_TEXT_CHARS) {
          defects.add(String.format(Locale.ROOT, "%s, turn %s: %,d characters, more than a memory item holds (%,d); "
              + "left out", named, diaId, kept.item().length(), Inputs.MAX_TEXT_CHARS));
          continue;
        }
        turns.add(kept);
      }
    }
    if (turns.isEmpty()) {
      throw new IllegalArgumentException(where + " (" + id + ") has an empty conversation: no session_N turns");
    }
    List<Question> questions = new ArrayList<>();
    int number = -1;
    for (JsonNode qa : sample.get("qa")) {
      number++;
      JsonNode text = qa.path("question");
      if (!text.isTextual() || text.asText().isBlank()) {
        defects.add(named + ", question " + number + ": no question text (" + (text.isMissingNode() ? "missing"
            : text.toString()) + "); left out");
        continue;
      }
      if (text.asText().length() > Inputs.MAX_TEXT_CHARS) {
        defects.add(String.format(Locale.ROOT, "%s, question %d: %,d characters, more than a query may be (%,d); "
            + "left out", named, number, text.asText().length(), Inputs.MAX_TEXT_CHARS));
        continue;
      }
      Set<String> evidence = new LinkedHashSet<>();
      for (JsonNode e : qa.path("evidence")) {
        for (String part : e.asText("").split("[;,]")) { // a few entries hold two ids in one string
          if (!part.isBlank()) {
            evidence.add(part.trim());
          }
        }
      }
      JsonNode answer = qa.has("answer") ? qa.get("answer") : qa.path("adversarial_answer");
      questions.add(new Question(named + ", question " + number, text.asText(), answer.asText(""),
          List.copyOf(evidence), qa.path("category").asInt(0)));
    }
    return new Conversation(id, List.copyOf(turns), List.copyOf(questions), List.copyOf(defects), number + 1
        - questions.size());
  }

  /** The number of a {@code session_N} key; null when N is past an int. */
  private static Integer sessionNumber(String name) {
    try {
      return Integer.valueOf(name.substring("session_".length()));
    } catch (NumberFormatException tooLarge) {
      return null;
    }
  }
}
