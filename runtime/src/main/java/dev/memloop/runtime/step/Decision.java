package dev.memloop.runtime.step;

import java.util.List;
import java.util.Objects;

/**
 * What a reasoner decided for one observation: act (execute {@code actionLine}), skip it, or reply (answer with
 * {@code actionLine} as text, with no action to run: a conversational agent's turn), and, when it skipped a
 * duplicate, where it recognized the original. A skip still names the action line it declined, so that graders can
 * tell a recognized duplicate from a false skip. {@code toolCalls} are the tool calls a model made while it
 * decided, in order ({@code List.of()} for reasoners without tools), and {@code modelCalls} the calls to the model
 * itself ({@code List.of()} for reasoners that ask none). {@code identity} is how the guard tells which thing the
 * action is about ({@link ActionIdentity#FROM_LINE} unless the action was given a key or made from an
 * {@link ActionCall}). Immutable.
 */
public record Decision(Kind kind, String actionLine, Recognition recognition, List<ToolCall> toolCalls,
    List<ModelCall> modelCalls, ActionIdentity identity) {

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
    Objects.requireNonNull(identity, "identity (ActionIdentity.FROM_LINE for a plain line)");
    if (kind != Kind.ACT && !(identity instanceof ActionIdentity.FromLine)) {
      throw new IllegalArgumentException("only an act has a key or a call, not " + kind + ": " + identity);
    }
  }

  /** A decision whose identity is read from its line. */
  public Decision(Kind kind, String actionLine, Recognition recognition, List<ToolCall> toolCalls,
      List<ModelCall> modelCalls) {
    this(kind, actionLine, recognition, toolCalls, modelCalls, ActionIdentity.FROM_LINE);
  }

  /** A decision made with these tool calls, and no model call recorded. */
  public Decision(Kind kind, String actionLine, Recognition recognition, List<ToolCall> toolCalls) {
    this(kind, actionLine, recognition, toolCalls, List.of());
  }

  /** A decision made without tools. */
  public Decision(Kind kind, String actionLine, Recognition recognition) {
    this(kind, actionLine, recognition, List.of(), List.of());
  }

  /**
   * Act on {@code actionLine}. The guard reads its identifiers ({@code order-42}, {@code $100}, a date, a host) with the
   * agent's extractor: an earlier action is a repeat only if it names the same ones and its other words mean the same.
   */
  public static Decision act(String actionLine) {
    return new Decision(Kind.ACT, actionLine, Recognition.NONE);
  }

  /** Act on {@code actionLine} under an idempotency key: an action that ran under the same key is a repeat, whatever its words. */
  public static Decision act(String actionLine, String idempotencyKey) {
    return new Decision(Kind.ACT, actionLine, Recognition.NONE, List.of(), List.of(),
        ActionIdentity.key(idempotencyKey));
  }

  /** Act on a structured call: a repeat has exactly its arguments and a verb that means the same. */
  public static Decision act(ActionCall call) {
    if (call == null) {
      throw new IllegalArgumentException("a structured action needs its call");
    }
    return new Decision(Kind.ACT, call.line(), Recognition.NONE, List.of(), List.of(), ActionIdentity.of(call));
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
    return new Decision(kind, actionLine, recognition, calls, modelCalls, identity);
  }

  /** This decision, with the model calls its reasoner made while it decided. */
  public Decision withModelCalls(List<ModelCall> calls) {
    return new Decision(kind, actionLine, recognition, toolCalls, calls, identity);
  }

  public boolean acts() {
    return kind == Kind.ACT;
  }
}
