package dev.memloop.bench.benchmarks.conversation;

import com.fasterxml.jackson.databind.JsonNode;
import dev.memloop.memory.Inputs;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.NoSuchElementException;

/**
 * LongMemEval's published files ({@code longmemeval_s}, {@code _m}, {@code _oracle}): a JSON list of questions, each
 * with its {@code question_id}, {@code question_type}, {@code question}, {@code answer}, {@code question_date}, and
 * its haystack: {@code haystack_session_ids}, {@code haystack_dates} and {@code haystack_sessions} (lists of
 * {@code {role, content, has_answer}} turns), with {@code answer_session_ids} naming the sessions that hold the
 * answer. Streamed, one question at a time ({@link JsonListFile}): {@link #open} reads the whole file once to check
 * it, and each pass over the {@link Questions} reads it again, so that only one question's haystack is ever held
 * (the {@code _m} file is about 2.6 GB). A file in another format, cut short, or with data after its list is refused
 * naming the file and what is wrong; what one question gets wrong (no text, haystack lists that disagree, a turn
 * longer than a memory item may be) is left out and named with the file and the question id.
 */
public final class LongMemEvalFile {

  /** One turn of a haystack session; {@code hasAnswer} marks the evidence turns. */
  public record Turn(String role, String content, boolean hasAnswer) {

    /** The turn as one memory item: {@code "role: content"}. */
    public String item() {
      return role + ": " + content;
    }
  }

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

  /**
   * A checked file's questions, read again from the file on each pass (each {@link #iterator()}), with what the check
   * found: how many questions and turns were kept, and every defect named.
   */
  public static final class Questions implements Iterable<Question> {
    private final Path file;
    private final BasicFileAttributes checked;
    private final int size;
    private final int turns;
    private final int leftOut;
    private final List<String> defects;

    private Questions(Path file, BasicFileAttributes checked, int size, int turns, int leftOut, List<String> defects) {
      this.file = file;
      this.checked = checked;
      this.size = size;
      this.turns = turns;
      this.leftOut = leftOut;
      this.defects = defects;
    }

    /** The file read. */
    public Path file() {
      return file;
    }

    /** Questions kept. */
    public int size() {
      return size;
    }

    /** Turns of the kept questions' haystacks. */
    public int turns() {
      return turns;
    }

    /** Questions left out on reading (each among the defects). */
    public int leftOut() {
      return leftOut;
    }

    /** Everything left out and why, naming the file and the question id. */
    public List<String> defects() {
      return defects;
    }

    /**
     * A pass over the kept questions, in file order, the file read again; the file is closed once the pass ends.
     *
     * @throws IllegalStateException when the file changed since it was checked
     */
    @Override
    public Iterator<Question> iterator() {
      try {
        JsonListFile list = JsonListFile.open(file, FORMAT);
        if (!list.unchangedSince(checked)) {
          list.close();
          throw new IllegalStateException(file + " changed since it was checked: run again on a file left as it is");
        }
        return new Pass(file, list);
      } catch (IOException e) {
        throw new UncheckedIOException(file + ": cannot be read again", e);
      }
    }
  }

  /** One pass over a file's kept questions. */
  private static final class Pass implements Iterator<Question> {
    private final Path file;
    private final JsonListFile list;
    private int index;
    private Question next;

    Pass(Path file, JsonListFile list) throws IOException {
      this.file = file;
      this.list = list;
      try {
        advance();
      } catch (RuntimeException e) {
        list.close();
        throw e;
      }
    }

    private void advance() {
      try {
        next = null;
        for (JsonNode q = list.next(); q != null; q = list.next()) {
          Read read = question(file, index++, q);
          if (read.question() != null) {
            next = read.question();
            return;
          }
        }
        list.close();
      } catch (IOException e) {
        throw new UncheckedIOException(file + ": cannot be read again", e);
      }
    }

    @Override
    public boolean hasNext() {
      return next != null;
    }

    @Override
    public Question next() {
      if (next == null) {
        throw new NoSuchElementException();
      }
      Question out = next;
      advance();
      return out;
    }
  }

  private static final String FORMAT = "LongMemEval's format: expected a JSON list of questions, each with "
      + "question_id, question and haystack_sessions";

  private LongMemEvalFile() {}

  /**
   * Checks {@code file} through once and returns its questions, to be read again on each pass.
   *
   * @throws IllegalArgumentException naming {@code file}: not a regular file, unreadable JSON (a truncated file), not
   *     a list of questions, data after the list
   */
  public static Questions open(Path file) throws IOException {
    int size = 0;
    int turns = 0;
    int leftOut = 0;
    List<String> defects = new ArrayList<>();
    BasicFileAttributes checked;
    try (JsonListFile list = JsonListFile.open(file, FORMAT)) {
      checked = list.attributes();
      int index = 0;
      for (JsonNode q = list.next(); q != null; q = list.next()) {
        if (index == 0 && !q.has("haystack_sessions")) {
          throw new IllegalArgumentException(file + " is not " + FORMAT);
        }
        Read read = question(file, index++, q);
        defects.addAll(read.defects());
        if (read.question() == null) {
          leftOut++;
        } else {
          size++;
          turns += read.question().sessions().stream().mapToInt(s -> s.turns().size()).sum();
        }
      }
      if (index == 0) {
        throw new IllegalArgumentException(file + " is not " + FORMAT + " (the list is empty)");
      }
    }
    return new Questions(file, checked, size, turns, leftOut, List.copyOf(defects));
  }

  /** A question as read: null when it is left out, with what its defects were. */
  private record Read(Question question, List<String> defects) {}

  private static Read question(Path file, int index, JsonNode q) {
    String id = q.path("question_id").isTextual() ? q.get("question_id").asText() : "question-" + index;
    String named = file + ", question " + index + " (" + id + ")";
    if (!q.isObject()) {
      return new Read(null, List.of(named + ": not an object; left out"));
    }
    JsonNode text = q.path("question");
    if (!text.isTextual() || text.asText().isBlank()) {
      return new Read(null, List.of(named + ": no question text (" + (text.isMissingNode() ? "missing"
          : text.toString()) + "); left out"));
    }
    if (text.asText().length() > Inputs.MAX_TEXT_CHARS) {
      return new Read(null, List.of(String.format(Locale.ROOT, "%s: a question of %,d characters, more than a query "
          + "may be (%,d); left out", named, text.asText().length(), Inputs.MAX_TEXT_CHARS)));
    }
    JsonNode sessions = q.path("haystack_sessions");
    JsonNode ids = q.path("haystack_session_ids");
    JsonNode dates = q.path("haystack_dates");
    if (!sessions.isArray() || !ids.isArray() || ids.size() != sessions.size()) {
      return new Read(null, List.of(named + ": haystack_sessions and haystack_session_ids disagree ("
          + sessions.size() + " sessions, " + ids.size() + " ids); left out"));
    }
    List<String> defects = new ArrayList<>();
    List<Session> haystack = new ArrayList<>();
    for (int s = 0; s < sessions.size(); s++) {
      List<Turn> turns = new ArrayList<>();
      for (JsonNode turn : sessions.get(s)) {
        String content = turn.path("content").asText("");
        if (content.isBlank()) {
          continue;
        }
        Turn kept = new Turn(turn.path("role").asText(""), content, turn.path("has_answer").asBoolean(false));
        if (kept.item().length() > Inputs.MAX_TEXT_CHARS) {
          defects.add(String.format(Locale.ROOT, "%s, session %s: a turn of %,d characters, more than a memory item "
              + "holds (%,d); left out", named, ids.get(s).asText(), kept.item().length(), Inputs.MAX_TEXT_CHARS));
          continue;
        }
        turns.add(kept);
      }
      haystack.add(new Session(ids.get(s).asText(), dates.path(s).asText(""), List.copyOf(turns)));
    }
    List<String> answers = new ArrayList<>();
    q.path("answer_session_ids").forEach(a -> answers.add(a.asText()));
    return new Read(new Question(id, q.path("question_type").asText("unknown"), text.asText(),
        q.path("answer").asText(""), List.copyOf(haystack), List.copyOf(answers)), List.copyOf(defects));
  }
}
