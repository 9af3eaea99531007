package dev.memloop.runtime.step;

import dev.memloop.memory.MemoryKind;
import dev.memloop.memory.MemoryQuery;
import java.util.Map;
import java.util.concurrent.CompletionStage;

/**
 * An agent's memory as its policy serves it, for one step: what a reasoner reads and writes while it decides.
 * The same four calls under every policy; what they cost and see is the policy's:
 * <ul>
 *   <li><b>per-step</b>: a method call on the agent's own working memory (or the blackboard's view); the stage
 *       is complete before the call returns, so a synchronous reasoner's whole turn stays one message in and one
 *       out. Reads see every earlier write, this turn's included.
 *   <li><b>per-turn</b>: reads come from the memory as it was when the turn started; writes are held and stored
 *       when the turn ends, so this turn's writes are seen from the next turn on.
 *   <li><b>networked</b>: each call is a message to a {@code MemoryStore} (the agent's own, or one on a store
 *       node) with the injected round trip; the stage completes when the reply arrives, and no thread waits for
 *       it. A read sent after a write sees it.
 *   <li><b>none</b>: reads come back empty and writes are refused ({@link MemoryOutcome#NO_MEMORY}); both are
 *       recorded.
 * </ul>
 * Every read is charged to the turn's latency budget, as a guard lookup is: a read the remaining budget cannot
 * cover answers {@link MemoryOutcome#UNAFFORDABLE} at once and sends nothing. Writes are never charged. Every call
 * is recorded in its step's {@link StepRecord#memory()}.
 *
 * <p>Threads: on the agent's own thread (inside {@code Reasoner.decide}, or in a continuation of one of these
 * stages) a call runs at once. From another thread (an asynchronous reasoner's executor) it is handed to the agent
 * as a message and runs there, and its stage completes on a memloop thread for answers (never the agent's, never the
 * blocking dispatcher, where such callers wait): an agent's memory is
 * only ever touched by its actor. On the agent's thread, never wait for a stage that is not complete: its answer
 * is a message to that very thread, so {@code join} and {@code get} there throw {@link IllegalStateException}
 * instead of waiting forever; compose with {@code thenApply} or {@code thenCompose}.
 *
 * <p><b>Kinds.</b> The memory holds items of several {@link MemoryKind kinds}: the reasoner's notes
 * ({@link #remember}), the actions the runtime executed (written after each one runs), tool calls, observations and
 * other writers' blackboard posts; each item names its kind and its author ({@link dev.memloop.memory.Recall#kind()},
 * {@link dev.memloop.memory.Recall#author()}). {@link #recall}, {@link #match} and {@link #seen} read notes unless
 * told otherwise; {@link #search} reads the kinds its query names (every kind when it names none). The runtime's
 * action guard matches actions only, so a note worded like an action never blocks it.
 *
 * <p>A handle belongs to its step: a call after the step ended throws {@link StepEndedException}. Bad input (blank
 * text, {@code k <= 0}, a threshold outside [-1, 1], unsupported metadata, a metadata key under the reserved
 * {@code memloop.} prefix) throws {@link IllegalArgumentException} naming the value, and changes nothing.
 */
public interface StepMemory {

  /** The {@code k} notes most similar to {@code query}, best first. */
  CompletionStage<Recalled> recall(String query, int k);

  /** The {@code k} items of the kinds named most similar to {@code query}, best first. */
  default CompletionStage<Recalled> recall(String query, int k, MemoryKind first, MemoryKind... more) {
    return search(MemoryQuery.text(query).k(k).kinds(first, more).build());
  }

  /**
   * Any read: {@code query}'s items, best first, at or above its minimum score, of the kinds it names (every kind
   * when it names none), among those its filter passes (the text embedded in process). A networked agent's store
   * runs no filter (a filter is code; kinds are data and do cross): such a query is refused with
   * {@link IllegalArgumentException} in its stage. {@link #recall} is the shorthand of a text query with k and
   * {@link MemoryKind#NOTE}.
   */
  CompletionStage<Recalled> search(MemoryQuery query);

  /** The most similar note, if at least {@code threshold}-similar (cosine, in [-1, 1]). */
  default CompletionStage<Matched> match(String text, double threshold) {
    return match(text, threshold, MemoryKind.NOTE);
  }

  /**
   * The most similar item of {@code kind}, if at least {@code threshold}-similar: with {@link MemoryKind#ACTION},
   * whether an action like {@code text} was executed.
   */
  CompletionStage<Matched> match(String text, double threshold, MemoryKind kind);

  /** Whether a note equivalent to {@code text} is stored: a match at the agent's guard threshold. */
  CompletionStage<Matched> seen(String text);

  /**
   * Stores {@code text} as a note with {@code metadata} (String, UUID, Integer, Long, Float or Double values; no key
   * under {@code memloop.}, which is the runtime's). The stage completes when the memory has it
   * ({@link MemoryOutcome#STORED}, {@link MemoryOutcome#MERGED}), holds it for the turn's end
   * ({@link MemoryOutcome#BUFFERED}), or refused it ({@link MemoryOutcome#REFUSED}, {@link MemoryOutcome#NO_MEMORY});
   * over a network, when the store's acknowledgement arrives.
   */
  default CompletionStage<Remembered> remember(String text, Map<String, ?> metadata) {
    return remember(MemoryKind.NOTE, text, metadata);
  }

  /**
   * Remembers a note about {@code subject}: it supersedes this agent's current note on the same subject (matched after
   * {@link dev.memloop.memory.MemoryLifecycle#normalize}), which then answers only a query {@code asOf} a time
   * before or one that {@code includeSuperseded()}. The agent's memory must keep time (an in-process or store
   * memory does; pgvector refuses it by name).
   */
  default CompletionStage<Remembered> remember(String text, String subject) {
    if (subject == null) {
      throw new IllegalArgumentException("subject must not be null (remember(text) for a note without one)");
    }
    dev.memloop.memory.MemoryLifecycle.checkSubject(subject, "subject");
    return remember(text, Map.of(dev.memloop.memory.MemoryLifecycle.SUBJECT, subject));
  }

  /** {@link #remember(String, Map)} without metadata. */
  default CompletionStage<Remembered> remember(String text) {
    return remember(text, Map.of());
  }

  /**
   * Stores {@code text} as an item of {@code kind}: {@link MemoryKind#NOTE}, {@link MemoryKind#TOOL_CALL} (what a
   * tool loop records) or {@link MemoryKind#OBSERVATION}. Actions are written by the runtime once they ran, and
   * posts by a blackboard's other writers: those two kinds are refused here, naming the kind.
   */
  CompletionStage<Remembered> remember(MemoryKind kind, String text, Map<String, ?> metadata);

  /** What is left of this turn's lookup budget, in nanoseconds; {@code Long.MAX_VALUE} when it is unlimited. */
  long budgetLeftNanos();
}
