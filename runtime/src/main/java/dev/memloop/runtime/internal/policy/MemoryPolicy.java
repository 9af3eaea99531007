package dev.memloop.runtime.internal.policy;

import dev.memloop.memory.MemoryKind;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.memory.MemoryItem;
import dev.memloop.memory.MemoryQuery;
import dev.memloop.memory.Recall;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.runtime.internal.identity.GuardKey;
import dev.memloop.runtime.internal.memory.ChargedReads;
import dev.memloop.runtime.policy.LatencyBudget;
import dev.memloop.runtime.internal.memory.ReadListener;
import dev.memloop.runtime.internal.memory.WriteListener;
import dev.memloop.runtime.patterns.NoveltyCheck;
import dev.memloop.runtime.step.GuardCheck;
import dev.memloop.runtime.step.MemoryOutcome;
import dev.memloop.runtime.step.MemoryPath;
import dev.memloop.runtime.step.PatternMarks;
import dev.memloop.runtime.step.Turn;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * One agent's memory as its policy serves it: the hooks of its turns, the runtime's guard before an action, the
 * write of an action that ran, the reasoner's reads and writes, and the patterns the configuration turns on. One
 * class per policy, picked once when the agent is wired, so that no call asks which policy it is in (a feature that
 * is off is absent, not a null tested on every call):
 * <ul>
 *   <li>{@link NoMemoryPolicy} ({@link MemoryPolicyKind#NONE}): nothing; reads come back empty and writes are
 *       refused ({@code NO_MEMORY});
 *   <li>{@link PerTurnPolicy}: the memory as of the turn's start (a pinned dump, snapshot reads), writes held until
 *       the turn ends; no guard in the loop;
 *   <li>{@link InLoopPolicy} (per-step and networked): the guard before every action and every read and write
 *       straight through the access: a method call, or messages to a store.
 * </ul>
 * Every read of the last two, the guard's included, takes the same {@link ChargedReads} path, so they differ only
 * in where that path leads and when writes land. What each call did comes back as its outcome.
 *
 * <p>Not thread-safe: owned by one agent, and it outlives restarts of the agent's behavior, so that a failed step
 * never loses what the agent remembered.
 */
public abstract sealed class MemoryPolicy implements AutoCloseable permits NoMemoryPolicy, ReadingPolicy {

  /** How a per-turn agent's turn-start dump reads its memory: the turn's text, and how many items it pins. */
  @FunctionalInterface
  public interface DumpRead {
    List<Recall> recall(String query, int k);
  }

  private final MemoryPolicyKind kind;
  private final ObservationMarks marks;

  MemoryPolicy(MemoryPolicyKind kind, ObservationMarks marks) {
    this.kind = kind;
    this.marks = marks;
  }

  /** The windowed baseline: no memory at all. */
  public static MemoryPolicy none() {
    return new NoMemoryPolicy(ObservationMarks.NONE);
  }

  /**
   * The per-turn pattern (paper arm (c)).
   *
   * @param reads over the memory as of the turn's start: the agent's own memory (unchanged within a turn, since
   *     its writes wait) or a blackboard snapshot
   * @param dump what the turn-start dump pins; {@code dumpTopK} items, 0 for all
   * @param ownMemory the agent's own memory, null on a blackboard
   * @param author the agent's id, the author of every item it writes
   */
  public static MemoryPolicy perTurn(ChargedReads reads, double guardThreshold, DumpRead dump, int dumpTopK,
      WorkingMemory ownMemory, String author) {
    if (reads == null || dump == null || dumpTopK < 0 || author == null) {
      throw new IllegalArgumentException("a per-turn policy needs its reads, its dump, its author and dumpTopK >= 0: "
          + dumpTopK);
    }
    return new PerTurnPolicy(reads, guardThreshold, dump, dumpTopK, ownMemory, author, ObservationMarks.NONE);
  }

  /**
   * The per-step or networked policy: the guard before every action, reads and writes through {@code reads}'s
   * access as they are made.
   *
   * @param ownMemory the agent's own memory (per-step, or a networked agent's own store's), null otherwise
   * @param author the agent's id, the author of every item it writes
   */
  public static MemoryPolicy inLoop(MemoryPolicyKind kind, ChargedReads reads, double guardThreshold,
      WorkingMemory ownMemory, String author) {
    if (!kind.guardsInLoop() || reads == null || author == null) {
      throw new IllegalArgumentException("an in-loop policy is per-step or networked, with reads: " + kind.configName());
    }
    if (!(guardThreshold >= 0 && guardThreshold <= 1)) {
      throw new IllegalArgumentException("guard threshold must be in [0, 1]: " + guardThreshold);
    }
    return new InLoopPolicy(kind, reads, guardThreshold, ownMemory, author, ObservationMarks.NONE);
  }

  /** This policy, marking every observation novel or a repeat with {@code check} over {@code memory}. */
  public abstract MemoryPolicy withNovelty(NoveltyCheck check, WorkingMemory memory);

  public final MemoryPolicyKind kind() {
    return kind;
  }

  final ObservationMarks marks() {
    return marks;
  }

  /** The guard threshold ({@code seen} matches at it); NaN when no guard threshold was resolved. */
  public abstract double guardThreshold();

  /** Starts a turn: a fresh budget, the access's snapshot, and what to pin into the reasoner's context. */
  public abstract List<String> startTurn(Turn turn);

  /** The novelty mark of an observation ({@link PatternMarks#NONE} when the check is off). */
  public final PatternMarks observe(String observation) {
    return marks.observe(observation);
  }

  /**
   * The guard before an action: in the loop (per-step, networked), a charged match of the action's wording among the
   * actions of its identity at the guard threshold; otherwise {@link GuardCheck#NOT_APPLICABLE}. {@code check} may be
   * called before this returns.
   */
  public abstract void guard(GuardKey key, Consumer<GuardCheck> check);

  /**
   * Writes the line of an action that ran as an {@link MemoryKind#ACTION} by the agent, with its identity, under the
   * guard's embedding of its wording; never charged.
   *
   * @return how it was written: at once in process ({@code STORED}, {@code MERGED}, {@code REFUSED}), held for the
   *     turn's end ({@code BUFFERED}), {@code PENDING} until a store or blackboard acknowledges it, or
   *     {@code NO_MEMORY}
   */
  public abstract MemoryOutcome rememberAction(GuardKey key);

  /**
   * Refuses a read this policy's memory cannot answer (a filter sent to a networked store), before it is recorded.
   *
   * @throws IllegalArgumentException naming what cannot be done
   */
  public void check(MemoryQuery query) {}

  /**
   * The memory a consolidation may tidy between turns: the agent's own, when its actor is the only one to touch it
   * (per-step or per-turn with its own memory; not a networked agent's store, which its store actor owns), else null.
   */
  public WorkingMemory consolidatable() {
    return null;
  }

  /** A reasoner's read; charged like a guard lookup. */
  public abstract void search(MemoryQuery query, ReadListener<List<Recall>> listener);

  /** A reasoner's read of the best item of {@code kind} at or above {@code threshold}; charged like a guard lookup. */
  public abstract void match(String text, double threshold, MemoryKind kind, ReadListener<Recall> listener);

  /**
   * A reasoner's write of an item of {@code kind} (a note or a tool call; metadata already validated, free of the
   * reserved keys), tagged with its kind and the agent as author; never charged. {@code listener} may be called at
   * once.
   */
  public abstract void remember(String text, MemoryKind kind, Map<String, Object> metadata, WriteListener listener);

  /** The step ended: the guard's kept embedding is dropped, so an idle agent holds no vector. */
  public abstract void endStep();

  /**
   * Ends the turn: a per-turn agent's held writes are written, in order.
   *
   * @return how many of them the memory refused (full without eviction); the others are in
   */
  public abstract int endTurn();

  /** How reads travel ({@link MemoryPath#NONE} for none). */
  public abstract MemoryPath readPath();

  /** How writes travel: {@link MemoryPath#BUFFER} per turn, {@link MemoryPath#NONE} for none. */
  public abstract MemoryPath writePath();

  /** The lookup budget; unlimited for none. */
  public abstract LatencyBudget budget();

  /** Items the memory holds now, -1 when it cannot tell without a round trip (networked). */
  public abstract int size();

  /** The agent's own memory's items, oldest first, with their ids: what the agent takes when it moves. */
  public abstract List<MemoryItem> items();

  /**
   * Rebuilds the agent's own memory from {@code items} under the same ids (before any turn).
   *
   * @throws IllegalArgumentException if there are items and the agent has no memory of its own
   */
  public abstract void restore(String agentId, List<MemoryItem> items);

  /** Releases the memory (the agent is stopping); idempotent. */
  @Override
  public void close() {
    marks.close();
  }
}
