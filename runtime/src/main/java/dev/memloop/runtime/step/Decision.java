package dev.memloop.runtime.step;

import java.util.List;
import java.util.Objects;

/**
 * What a reasoner decided for one observation: act (execute {@code actionLine}), skip it, or reply (answer with
 * {@code actionLine} as text, with no action to run: a conversational agent's turn), and, when it skipped a
 * duplicate, where it recognized the original. A skip still names the action line it declined, so that graders can
 * tell a recognized duplicate from a false skip. {@code toolCalls} are the tool calls a model made while it
 * decided, in order ({@code List.of()} for reasoners without tools), and {@code modelCalls} the calls to the model
 * itself ({@code List.of()} for reasoners that ask none). Immutable.
 */
public record Decision(Kind kind, String actionLine, Recognition recognition, List<ToolCall> toolCalls,
    List<ModelCall> modelCalls) {

  /** Act on the action line, skip it, or reply with it. */
  public enum Kind { ACT, SKIP, REPLY }

  /** Where a reasoner saw the original of what it skipped; the model's own work, apart from guard blocks. */
  public enum Recognition {
    /** Not a recognized duplicate (an action, a reply, or a skip for another reason). */
    NONE,
    /** The original was visible in the context window. */
    WINDOW,
    /** The original was listed in what the memory policy pinned into the context. */
    PINNED,
    /** The reasoner found the original by asking its memory ({@link StepContext#memory()}). */
    MEMORY
  }

  public Decision {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(recognition, "recognition");
    if (actionLine == null || actionLine.isBlank()) {
      throw new IllegalArgumentException("a decision needs an action line: " + (actionLine == null ? "null" : "'" + actionLine + "'"));
    }
    if (kind != Kind.SKIP && recognition != Recognition.NONE) {
      throw new IllegalArgumentException("only a skip can be a recognized duplicate, not " + kind + ": " + recognition);
    }
    toolCalls = toolCalls == null ? List.of() : List.copyOf(toolCalls);
    modelCalls = modelCalls == null ? List.of() : List.copyOf(modelCalls);
  }

  /** A decision made with these tool calls, and no model call recorded. */
  public Decision(Kind kind, String actionLine, Recognition recognition, List<ToolCall> toolCalls) {
    this(kind, actionLine, recognition, toolCalls, List.of());
  }

  /** A decision made without tools. */
  public Decision(Kind kind, String actionLine, Recognition recognition) {
    this(kind, actionLine, recognition, List.of(), List.of());
  }

  public static Decision act(String actionLine) {
    return new Decision(Kind.ACT, actionLine, Recognition.NONE);
  }

  public static Decision skip(String actionLine, Recognition recognition) {
    return new Decision(Kind.SKIP, actionLine, recognition);
  }

  /** An answer with no action to run: the guard and the executor are not involved. */
  public static Decision reply(String text) {
    return new Decision(Kind.REPLY, text, Recognition.NONE);
  }

  /** This decision, with the tool calls a model made while it decided. */
  public Decision withToolCalls(List<ToolCall> calls) {
    return new Decision(kind, actionLine, recognition, calls, modelCalls);
  }

  /** This decision, with the model calls its reasoner made while it decided. */
  public Decision withModelCalls(List<ModelCall> calls) {
    return new Decision(kind, actionLine, recognition, toolCalls, calls);
  }

  public boolean acts() {
    return kind == Kind.ACT;
  }
}
