package dev.memloop.runtime;

import dev.memloop.memory.ItemIdentity;
import dev.memloop.memory.MemoryKind;
import dev.memloop.memory.MemoryQuery;
import dev.memloop.memory.MetadataValues;
import dev.memloop.runtime.step.ReadCost;
import dev.memloop.runtime.internal.policy.MemoryPolicy;
import dev.memloop.runtime.step.Matched;
import dev.memloop.runtime.step.MemoryCall;
import dev.memloop.runtime.step.MemoryOp;
import dev.memloop.runtime.step.MemoryOutcome;
import dev.memloop.runtime.step.MemoryPath;
import dev.memloop.runtime.step.Recalled;
import dev.memloop.runtime.step.Remembered;
import dev.memloop.runtime.step.StepEndedException;
import dev.memloop.runtime.step.StepMemory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;

/**
 * One step's memory handle: each call goes to the agent's {@link MemoryPolicy} on the agent's thread (at once when
 * made there, handed over as a message when made on another thread) and is recorded in the order made. Ended by its
 * step loop when the step is recorded; any call after that throws {@link StepEndedException}.
 */
final class StepHandle implements StepMemory {

  private final AgentState agent;
  private final int turn;
  private final int step;
  private volatile boolean ended; // read by callers on other threads
  private List<Slot> calls; // in the order made; the agent's thread only; allocated by the first call

  /** A call's place in the record, filled when its answer comes. */
  private static final class Slot {
    final MemoryOp op;
    final MemoryPath path;
    MemoryCall done;

    Slot(MemoryOp op, MemoryPath path) {
      this.op = op;
      this.path = path;
    }
  }

  StepHandle(AgentState agent, int turn, int step) {
    this.agent = agent;
    this.turn = turn;
    this.step = step;
  }

  @Override
  public CompletionStage<Recalled> recall(String query, int k) {
    return recall(query, k, MemoryKind.NOTE);
  }

  /** The recall shorthands' query: hybrid when the agent's recalls are ({@code memory.recall = hybrid}). */
  @Override
  public CompletionStage<Recalled> recall(String query, int k, MemoryKind first, MemoryKind... more) {
    text("query", query);
    if (k <= 0) {
      throw new IllegalArgumentException("k must be > 0: " + k);
    }
    MemoryQuery.Builder b = MemoryQuery.text(query).k(k).kinds(first, more);
    return search((agent.spec().config().memory().hybrid() ? b.hybrid() : b).build());
  }

  @Override
  public CompletionStage<Recalled> search(MemoryQuery query) {
    if (query == null) {
      throw new IllegalArgumentException("query must not be null");
    }
    MemoryFuture<Recalled> answer = new MemoryFuture<>(agent);
    submit(MemoryOp.RECALL, answer, handedOver -> {
      policy().check(query);
      Slot slot = open(MemoryOp.RECALL, policy().readPath());
      policy().search(query, (outcome, items, cost) ->
          complete(answer, new Recalled(items, read(slot, outcome, cost)), handedOver));
    });
    return answer;
  }

  @Override
  public CompletionStage<Matched> match(String text, double threshold, MemoryKind kind) {
    text("text", text);
    if (!(threshold >= -1 && threshold <= 1)) {
      throw new IllegalArgumentException("threshold must be in [-1, 1]: " + threshold);
    }
    if (kind == null) {
      throw new IllegalArgumentException("kind must not be null (MemoryKind.NOTE for notes)");
    }
    return match(MemoryOp.MATCH, text, threshold, kind);
  }

  @Override
  public CompletionStage<Matched> seen(String text) {
    text("text", text);
    double threshold = policy().guardThreshold();
    if (policy().kind() == dev.memloop.runtime.policy.MemoryPolicyKind.NONE) {
      return match(MemoryOp.SEEN, text, 1.0, MemoryKind.NOTE); // no memory to match: answered NO_MEMORY, whatever the threshold
    }
    if (Double.isNaN(threshold)) {
      throw new IllegalArgumentException("agent " + agent.spec().id() + ": seen matches at the guard threshold, and "
          + "memloop.agent.guard.threshold = calibrated was not resolved for this " + policy().kind().configName()
          + " agent: set a number, pass a calibration, or use match(text, threshold)");
    }
    return match(MemoryOp.SEEN, text, threshold, MemoryKind.NOTE);
  }

  private CompletionStage<Matched> match(MemoryOp op, String text, double threshold, MemoryKind kind) {
    MemoryFuture<Matched> answer = new MemoryFuture<>(agent);
    submit(op, answer, handedOver -> {
      Slot slot = open(op, policy().readPath());
      policy().match(text, threshold, kind, (outcome, best, cost) ->
          complete(answer, new Matched(best, read(slot, outcome, cost)), handedOver));
    });
    return answer;
  }

  /** The reserved keys a reasoner may set: an identity, and what a note is about and since when. */
  private static final java.util.Set<String> CALLERS_KEYS = java.util.Set.of(ItemIdentity.KEY,
      dev.memloop.memory.MemoryLifecycle.SUBJECT, dev.memloop.memory.MemoryLifecycle.VALID_FROM);

  @Override
  public CompletionStage<Remembered> remember(MemoryKind kind, String text, Map<String, ?> metadata) {
    if (kind == null || kind == MemoryKind.ACTION || kind == MemoryKind.POST) {
      throw new IllegalArgumentException("a reasoner remembers notes, tool calls and observations, not "
          + (kind == null ? "a null kind" : kind.configName() + "s") + (kind == MemoryKind.ACTION
          ? ": an action is written by the runtime once it ran (return Decision.act)" : ""));
    }
    text("text", text);
    Map<String, Object> checked = MetadataValues.copyOf(metadata);
    for (String key : checked.keySet()) {
      if (key.startsWith(MemoryKind.RESERVED_PREFIX) && !CALLERS_KEYS.contains(key)) {
        throw new IllegalArgumentException("metadata key '" + key + "' is reserved (keys under '"
            + MemoryKind.RESERVED_PREFIX + "' are the runtime's: the kind and author are set for you; the ones a "
            + "caller may set are " + String.join(", ", new java.util.TreeSet<>(CALLERS_KEYS)) + ")");
      }
    }
    MemoryFuture<Remembered> answer = new MemoryFuture<>(agent);
    MemoryOp op = checked.containsKey(dev.memloop.memory.MemoryLifecycle.SUBJECT) ? MemoryOp.SUPERSEDE
        : MemoryOp.REMEMBER;
    submit(op, answer, handedOver -> {
      Slot slot = open(op, policy().writePath());
      policy().remember(text, kind, checked, (outcome, idOrReason, embedNanos, storeNanos, delayNanos) -> {
        MemoryCall call = new MemoryCall(op, slot.path, outcome,
            ReadCost.of(embedNanos, storeNanos, delayNanos, 0));
        slot.done = call;
        boolean kept = outcome == MemoryOutcome.STORED || outcome == MemoryOutcome.MERGED;
        complete(answer, new Remembered(kept ? idOrReason : null, kept ? null : idOrReason, call), handedOver);
      });
    });
    return answer;
  }

  @Override
  public long budgetLeftNanos() {
    var budget = policy().budget(); // from another thread, a recent value rather than the exact one
    return budget.unlimited() ? Long.MAX_VALUE : budget.remainingNanos();
  }

  /** The step is recorded: later calls are refused. Returns the calls made, those still unanswered as pending. */
  List<MemoryCall> end() {
    ended = true;
    if (calls == null) {
      return List.of();
    }
    List<MemoryCall> out = new ArrayList<>(calls.size());
    for (Slot slot : calls) {
      out.add(slot.done != null ? slot.done : MemoryCall.pending(slot.op, slot.path));
    }
    return out;
  }

  /** A call's work, given whether it was handed over from another thread. */
  @FunctionalInterface
  private interface Work {
    void run(boolean handedOver);
  }

  /** Runs {@code work} on the agent's thread: now when called there, else as a message the agent runs in order. */
  private void submit(MemoryOp op, MemoryFuture<?> answer, Work work) {
    if (ended) {
      throw new StepEndedException(agent.spec().id(), turn, step, op);
    }
    if (agent.onAgentThread()) {
      work.run(false);
      return;
    }
    agent.self().tell(new Agent.RunOnAgent(() -> {
      if (ended) { // the step ended while the call was on its way
        answer.completeAsync(() -> {
          throw new StepEndedException(agent.spec().id(), turn, step, op);
        }, MemoryAnswers.EXECUTOR);
        return;
      }
      agent.awaited();
      try {
        work.run(true);
      } catch (RuntimeException e) {
        answer.completeAsync(() -> {
          throw e;
        }, MemoryAnswers.EXECUTOR);
      }
    }));
  }

  private Slot open(MemoryOp op, MemoryPath path) {
    if (calls == null) {
      calls = new ArrayList<>(2);
    }
    Slot slot = new Slot(op, path);
    calls.add(slot);
    return slot;
  }

  private static MemoryCall read(Slot slot, MemoryOutcome outcome, ReadCost cost) {
    MemoryCall call = new MemoryCall(slot.op, slot.path, outcome, cost);
    slot.done = call;
    return call;
  }

  /**
   * Completes at once, or, for a call handed over from another thread, on a thread of {@link MemoryAnswers}: not the
   * agent's (the caller's continuation must not run there), and not the blocking dispatcher, where callers wait.
   */
  private <T> void complete(MemoryFuture<T> answer, T value, boolean handedOver) {
    if (handedOver) {
      answer.completeAsync(() -> value, MemoryAnswers.EXECUTOR);
    } else {
      answer.complete(value);
    }
  }

  private MemoryPolicy policy() {
    return agent.policy();
  }

  private static void text(String name, String value) {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException(name + " must not be null or blank: "
          + (value == null ? "null" : "'" + value + "'"));
    }
  }
}
