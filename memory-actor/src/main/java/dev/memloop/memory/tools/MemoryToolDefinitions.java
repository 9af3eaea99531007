package dev.memloop.memory.tools;

import dev.memloop.memory.tools.ToolParameter.Type;
import java.util.List;

/**
 * Memory as tools, defined once: the names, descriptions, parameters and limits of {@code remember}, {@code recall},
 * {@code match} and {@code forget}, and of a board's {@code post} and {@code read}. memloop-llm offers an agent's
 * step memory through them (its parameters a subset: what the step's memory handle takes), memloop-mcp a served
 * memory; both check their arguments with {@link ToolArguments}.
 *
 * <p>{@code owner} names whose memory the descriptions speak of: "your memory" for an agent's own, "the memory
 * 'notes'" for a served one.
 */
public final class MemoryToolDefinitions {

  /** The most items a recall or a read may ask for. */
  public static final int MAX_K = 64;
  /** A recall's k when the call gives none and the surface has no default of its own. */
  public static final int DEFAULT_K = 5;
  /** A match's threshold when the call gives none and the surface has no default of its own. */
  public static final double DEFAULT_THRESHOLD = 0.9;

  public static final String REMEMBER = "remember";
  public static final String RECALL = "recall";
  public static final String MATCH = "match";
  public static final String FORGET = "forget";
  public static final String HISTORY = "history";
  public static final String POST = "post";
  public static final String READ = "read";

  private static final String KINDS = "note, action, tool-call, observation, post";

  private MemoryToolDefinitions() {}

  /** {@code remember(text, kind, metadata, subject, valid_from)}. */
  public static MemoryToolSpec remember(String owner) {
    return new MemoryToolSpec(REMEMBER, "Save a note to " + owner + ", to find again later by meaning. Give its "
        + "subject when it states the current value of something (a home, a job, a price, a status): it then "
        + "replaces the earlier note on that subject, which stays in its history.", List.of(
        new ToolParameter("text", Type.STRING, "the note", true),
        new ToolParameter("kind", Type.STRING, "what it is: note (default), action, tool-call, observation or post",
            false),
        new ToolParameter("metadata", Type.OBJECT, "text or number values to keep with it, for your own filtering",
            false),
        new ToolParameter("subject", Type.STRING, "what the note is about (\"Maria's home\"): a later note on the "
            + "same subject replaces it; case, spacing and punctuation do not matter", false),
        new ToolParameter("valid_from", Type.STRING, "when it became true, ISO-8601 (2026-03-01 or "
            + "2026-03-01T09:00:00Z); now by default", false)));
  }

  /**
   * {@code recall(query, k, kinds, hybrid, as_of, include_superseded)}.
   *
   * @param kDefault how the surface fills a {@code k} the call leaves out, as the description says it
   *     ("default 5", "default: your agent's")
   * @param hybridDefault the same for {@code hybrid} ("off by default")
   */
  public static MemoryToolSpec recall(String owner, String kDefault, String hybridDefault) {
    return new MemoryToolSpec(RECALL, "The items saved in " + owner + " most alike in meaning to a query, best first, "
        + "with their similarity.", List.of(
        new ToolParameter("query", Type.STRING, "what to look for", true),
        new ToolParameter("k", Type.INTEGER, "how many, at most " + MAX_K + " (" + kDefault + ")", false),
        new ToolParameter("kinds", Type.STRING_ARRAY, "only these kinds (" + KINDS + "); all by default", false),
        new ToolParameter("hybrid", Type.BOOLEAN, "also weigh the query's exact words (names, numbers, rare terms) "
            + "beside its meaning; " + hybridDefault, false),
        new ToolParameter("as_of", Type.STRING, "what was true at this time, ISO-8601 (2026-03-01 or "
            + "2026-03-01T09:00:00Z), instead of what is current", false),
        new ToolParameter("include_superseded", Type.BOOLEAN, "also answer the notes later ones replaced, each with "
            + "when it was true; off by default", false)));
  }

  /** {@code history(subject)}. */
  public static MemoryToolSpec history(String owner) {
    return new MemoryToolSpec(HISTORY, "Every version saved in " + owner + " on a subject, oldest first, each with "
        + "when it was true and what replaced it.", List.of(
        new ToolParameter("subject", Type.STRING, "the subject, as remember was given it (case, spacing and "
            + "punctuation do not matter)", true)));
  }

  /** {@code match(text, threshold, kind)}. */
  public static MemoryToolSpec match(String owner, String thresholdDefault) {
    return new MemoryToolSpec(MATCH, "Whether an item like this one is saved in " + owner + " already: the most "
        + "similar, if at least the threshold.", List.of(
        new ToolParameter("text", Type.STRING, "the item to look for", true),
        new ToolParameter("threshold", Type.NUMBER, "similarity in [-1, 1] a match must reach (" + thresholdDefault
            + ")", false),
        new ToolParameter("kind", Type.STRING, "only items of this kind; every kind by default", false)));
  }

  /** {@code forget(id | subject | author)}. */
  public static MemoryToolSpec forget(String owner) {
    return new MemoryToolSpec(FORGET, "Delete an item saved in " + owner + " by its id (as remember or recall gave "
        + "it), every version of a subject, or everything one author wrote. Give one of the three.", List.of(
        new ToolParameter("id", Type.STRING, "the item's id", false),
        new ToolParameter("subject", Type.STRING, "a subject: every version of it is deleted", false),
        new ToolParameter("author", Type.STRING, "an author: everything they wrote is deleted", false)));
  }

  /** A board's {@code post(text)}. */
  public static MemoryToolSpec post(String board) {
    return new MemoryToolSpec(POST, "Post to the shared board '" + board + "', for every other client to read by "
        + "meaning.", List.of(new ToolParameter("text", Type.STRING, "the post", true)));
  }

  /** A board's {@code read(query, k, author)}. */
  public static MemoryToolSpec read() {
    return new MemoryToolSpec(READ, "The board's posts most alike in meaning to a query, best first, with their "
        + "authors.", List.of(
        new ToolParameter("query", Type.STRING, "what to look for", true),
        new ToolParameter("k", Type.INTEGER, "how many, at most " + MAX_K + " (default " + DEFAULT_K + ")", false),
        new ToolParameter("author", Type.STRING, "only this client's posts (its name); everyone's by default", false)));
  }
}
