package dev.memloop.runtime.policy;

import dev.memloop.memory.MemoryItem;
import dev.memloop.memory.Recall;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.runtime.memory.ChargedReads;
import dev.memloop.runtime.memory.LatencyBudget;
import dev.memloop.runtime.memory.ReadCost;
import dev.memloop.runtime.memory.ReadListener;
import dev.memloop.runtime.memory.WriteListener;
import dev.memloop.runtime.patterns.NoveltyCheck;
import dev.memloop.runtime.step.GuardCheck;
import dev.memloop.runtime.step.MemoryOutcome;
import dev.memloop.runtime.step.MemoryPath;
import dev.memloop.runtime.step.Observation;
import dev.memloop.runtime.step.PatternMarks;
import dev.memloop.runtime.step.Turn;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * One agent's memory as its policy serves it: the hooks of its turns, the runtime's guard before an action, the
 * write of an action that ran, the reasoner's reads and writes, and the patterns the configuration turns on, all in
 * one object built once per agent. Every read, the guard's included, takes the same {@link ChargedReads} path, so
 * the policies differ only in where that path leads and when writes land:
 * <ul>
 *   <li>{@link MemoryPolicyKind#NONE}: nothing; reads come back empty and writes are refused ({@code NO_MEMORY});
 *   <li>{@link MemoryPolicyKind#PER_TURN}: the memory as of the turn's start (a pinned dump, snapshot reads), writes
 *       held until the turn ends; no guard in the loop;
 *   <li>{@link MemoryPolicyKind#PER_STEP} and {@link MemoryPolicyKind#NETWORKED}: the guard before every action and
 *       every read and write straight through the access: a method call, or messages to a store.
 * </ul>
 * What each call did comes back as its outcome, never to be found again by inspecting the parts.
 *
 * <p>Not thread-safe: owned by one agent, and it outlives restarts of the agent's behavior, so that a failed step
 * never loses what the agent remembered.
 */
public final class MemoryPolicy implements AutoCloseable {

  /** How a per-turn agent's turn-start dump reads its memory: the turn's text, and how many items it pins. */
  @FunctionalInterface
  public interface DumpRead {
    List<Recall> recall(String query, int k);
  }

  private static final LatencyBudget NO_LOOKUPS = new LatencyBudget(Long.MAX_VALUE, 0);
  private static final String NO_MEMORY = "policy none keeps no memory";

  private final MemoryPolicyKind kind;
  private final ChargedReads reads; // null for none
  private final double guardThreshold;
  private final DumpRead dump; // per-turn only
  private final int dumpTopK;
  private final WorkingMemory ownMemory; // the agent's own memory (null on a board or a store node)
  private final NoveltyCheck novelty; // null unless patterns.novelty is on
  private final WorkingMemory observations; // the novelty check's memory
  private List<Held> held; // per-turn writes waiting for the turn's end; allocated by the first

  private record Held(String text, Map<String, Object> metadata) {}

  private MemoryPolicy(MemoryPolicyKind kind, ChargedReads reads, double guardThreshold, DumpRead dump, int dumpTopK,
      WorkingMemory ownMemory, NoveltyCheck novelty, WorkingMemory observations) {
    this.kind = kind;
    this.reads = reads;
    this.guardThreshold = guardThreshold;
    this.dump = dump;
    this.dumpTopK = dumpTopK;
    this.ownMemory = ownMemory;
    this.novelty = novelty;
    this.observations = observations;
  }

  /** The windowed baseline: no memory at all. */
  public static MemoryPolicy none() {
    return new MemoryPolicy(MemoryPolicyKind.NONE, null, Double.NaN, null, 0, null, null, null);
  }

  /**
   * The per-turn pattern (paper arm (c)).
   *
   * @param reads over the memory as of the turn's start: the agent's own memory (unchanged within a turn, since
   *     its writes wait) or a blackboard snapshot
   * @param dump what the turn-start dump pins; {@code dumpTopK} items, 0 for all
   * @param ownMemory the agent's own memory, null on a blackboard
   */
  public static MemoryPolicy perTurn(ChargedReads reads, double guardThreshold, DumpRead dump, int dumpTopK,
      WorkingMemory ownMemory) {
    if (reads == null || dump == null || dumpTopK < 0) {
      throw new IllegalArgumentException("a per-turn policy needs its reads, its dump and dumpTopK >= 0: " + dumpTopK);
    }
    return new MemoryPolicy(MemoryPolicyKind.PER_TURN, reads, guardThreshold, dump, dumpTopK, ownMemory, null, null);
  }

  /**
   * The per-step or networked policy: the guard before every action, reads and writes through {@code reads}'s
   * access as they are made.
   *
   * @param ownMemory the agent's own memory (per-step, or a networked agent's own store's), null otherwise
   */
  public static MemoryPolicy inLoop(MemoryPolicyKind kind, ChargedReads reads, double guardThreshold,
      WorkingMemory ownMemory) {
    if (!kind.guardsInLoop() || reads == null) {
      throw new IllegalArgumentException("an in-loop policy is per-step or networked, with reads: " + kind.configName());
    }
    if (!(guardThreshold >= -1 && guardThreshold <= 1)) {
      throw new IllegalArgumentException("guard threshold must be in [-1, 1]: " + guardThreshold);
    }
    return new MemoryPolicy(kind, reads, guardThreshold, null, 0, ownMemory, null, null);
  }

  /** This policy, marking every observation novel or a repeat with {@code check} over {@code memory}. */
  public MemoryPolicy withNovelty(NoveltyCheck check, WorkingMemory memory) {
    return new MemoryPolicy(kind, reads, guardThreshold, dump, dumpTopK, ownMemory, check, memory);
  }

  public MemoryPolicyKind kind() {
    return kind;
  }

  /** The guard threshold ({@code seen} matches at it); NaN when no guard threshold was resolved. */
  public double guardThreshold() {
    return guardThreshold;
  }

  /** Starts a turn: a fresh budget, the access's snapshot, and what to pin into the reasoner's context. */
  public List<String> startTurn(Turn turn) {
    if (reads == null) {
      return List.of();
    }
    reads.budget().startTurn();
    reads.access().startTurn();
    return dump == null ? List.of() : dump(turn);
  }

  private List<String> dump(Turn turn) {
    int size = reads.access().size();
    if (size <= 0) {
      return List.of();
    }
    int k = dumpTopK == 0 ? size : Math.min(dumpTopK, size);
    StringBuilder query = new StringBuilder();
    for (Observation o : turn.observations()) {
      query.append(o.text()).append('\n');
    }
    List<String> pinned = new ArrayList<>(k);
    for (Recall r : dump.recall(query.toString(), k)) {
      pinned.add(r.text());
    }
    return pinned;
  }

  /** The novelty mark of an observation ({@link PatternMarks#NONE} when the check is off). */
  public PatternMarks observe(String observation) {
    if (novelty == null) {
      return PatternMarks.NONE;
    }
    NoveltyCheck.Novelty n = novelty.observe(observation);
    return n.novel() ? new PatternMarks(PatternMarks.Novelty.NOVEL, null, false)
        : new PatternMarks(PatternMarks.Novelty.REPEAT, n.earlier().id(), false);
  }

  /**
   * The guard before an action: in the loop (per-step, networked), a charged match of {@code line} at the guard
   * threshold; otherwise {@link GuardCheck#NOT_APPLICABLE}. {@code check} may be called before this returns.
   */
  public void guard(String line, Consumer<GuardCheck> check) {
    if (!kind.guardsInLoop()) {
      check.accept(GuardCheck.NOT_APPLICABLE);
      return;
    }
    reads.guard(line, guardThreshold, check);
  }

  /**
   * Writes the line of an action that ran, reusing the guard's embedding of it; never charged.
   *
   * @return how it was written: at once in process ({@code STORED}, {@code MERGED}, {@code REFUSED}), held for the
   *     turn's end ({@code BUFFERED}), {@code PENDING} until a store or blackboard acknowledges it, or
   *     {@code NO_MEMORY}
   */
  public MemoryOutcome rememberAction(String line) {
    if (reads == null) {
      return MemoryOutcome.NO_MEMORY;
    }
    if (kind == MemoryPolicyKind.PER_TURN) {
      hold(line, Map.of());
      return MemoryOutcome.BUFFERED;
    }
    MemoryOutcome[] outcome = {MemoryOutcome.PENDING};
    write(line, Map.of(), (written, idOrReason, embedNanos, storeNanos, delayNanos) -> outcome[0] = written);
    return outcome[0];
  }

  /** A reasoner's read of the {@code k} items most similar to {@code query}; charged like a guard lookup. */
  public void recall(String query, int k, ReadListener<List<Recall>> listener) {
    if (reads == null) {
      listener.done(MemoryOutcome.NO_MEMORY, List.of(), ReadCost.ZERO);
    } else {
      reads.recall(query, k, listener);
    }
  }

  /** A reasoner's read of the best item at or above {@code threshold}; charged like a guard lookup. */
  public void match(String text, double threshold, ReadListener<Recall> listener) {
    if (reads == null) {
      listener.done(MemoryOutcome.NO_MEMORY, null, ReadCost.ZERO);
    } else {
      reads.match(text, threshold, listener);
    }
  }

  /** A reasoner's write (metadata already validated); never charged. {@code listener} may be called at once. */
  public void remember(String text, Map<String, Object> metadata, WriteListener listener) {
    if (reads == null) {
      listener.done(MemoryOutcome.NO_MEMORY, NO_MEMORY, 0, 0, 0);
    } else if (kind == MemoryPolicyKind.PER_TURN) {
      hold(text, metadata);
      listener.done(MemoryOutcome.BUFFERED, null, 0, 0, 0);
    } else {
      write(text, metadata, listener);
    }
  }

  private void write(String text, Map<String, Object> metadata, WriteListener listener) {
    long start = reads.ticker().nanoTime();
    float[] vector = reads.vectorOf(text);
    long embedNanos = reads.ticker().nanoTime() - start;
    if (ChargedReads.isZero(vector)) { // a text without a known token could never be found again
      listener.done(MemoryOutcome.REFUSED, "text embeds to the zero vector (no known token): '" + text + "'",
          embedNanos, 0, 0);
      return;
    }
    reads.access().add(text, vector, metadata, (outcome, idOrReason, storeNanos, delayNanos) ->
        listener.done(outcome, idOrReason, embedNanos, storeNanos, delayNanos));
  }

  private void hold(String text, Map<String, Object> metadata) {
    if (held == null) {
      held = new ArrayList<>();
    }
    held.add(new Held(text, metadata));
  }

  /** The step ended: the guard's kept embedding is dropped, so an idle agent holds no vector. */
  public void endStep() {
    if (reads != null) {
      reads.forget();
    }
  }

  /**
   * Ends the turn: a per-turn agent's held writes are written, in order.
   *
   * @return how many of them the memory refused (full without eviction); the others are in
   */
  public int endTurn() {
    if (held == null) {
      return 0;
    }
    List<Held> writes = held;
    held = null;
    int[] refused = {0};
    for (Held w : writes) {
      write(w.text(), w.metadata(), (outcome, idOrReason, embedNanos, storeNanos, delayNanos) -> {
        if (outcome == MemoryOutcome.REFUSED) {
          refused[0]++;
        }
      });
    }
    return refused[0];
  }

  /** How reads travel ({@link MemoryPath#NONE} for none). */
  public MemoryPath readPath() {
    return reads == null ? MemoryPath.NONE : reads.access().readPath();
  }

  /** How writes travel: {@link MemoryPath#BUFFER} per turn, {@link MemoryPath#NONE} for none. */
  public MemoryPath writePath() {
    if (reads == null) {
      return MemoryPath.NONE;
    }
    return kind == MemoryPolicyKind.PER_TURN ? MemoryPath.BUFFER : reads.access().writePath();
  }

  /** The lookup budget; unlimited for none. */
  public LatencyBudget budget() {
    return reads == null ? NO_LOOKUPS : reads.budget();
  }

  /** Items the memory holds now, -1 when it cannot tell without a round trip (networked). */
  public int size() {
    return reads == null ? 0 : reads.access().size();
  }

  /** The agent's own memory's items, oldest first, with their ids: what the agent takes when it moves. */
  public List<MemoryItem> items() {
    return ownMemory == null ? List.of() : ownMemory.items();
  }

  /**
   * Rebuilds the agent's own memory from {@code items} under the same ids (before any turn).
   *
   * @throws IllegalArgumentException if there are items and the agent has no memory of its own
   */
  public void restore(String agentId, List<MemoryItem> items) {
    if (items.isEmpty()) {
      return;
    }
    if (ownMemory == null) {
      throw new IllegalArgumentException("agent " + agentId + " has no memory of its own to restore " + items.size()
          + " items into");
    }
    for (MemoryItem item : items) {
      ownMemory.addVector(item.id(), item.vector(), item.text(), item.metadata());
    }
  }

  /** Releases the memory (the agent is stopping); idempotent. */
  @Override
  public void close() {
    if (reads != null) {
      reads.access().close();
    }
    if (ownMemory != null) {
      ownMemory.close();
    }
    if (observations != null) {
      observations.close();
    }
  }
}
