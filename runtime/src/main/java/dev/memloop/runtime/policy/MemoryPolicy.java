package dev.memloop.runtime.policy;

import dev.memloop.runtime.Turn;
import java.util.List;
import java.util.function.Consumer;

/**
 * An agent's memory policy: the hooks its step loop runs at turn start, before and after each action, and at
 * turn end. Implementations: {@link NoMemory}, {@link PerTurnMemory} and {@link InLoopMemory} (per-step and
 * networked, one guard).
 *
 * <p>Not thread-safe: owned by one agent, and it outlives restarts of the agent's behavior, so that a failed
 * step never loses what the agent remembered.
 */
public interface MemoryPolicy extends AutoCloseable {

  MemoryPolicyKind kind();

  /** Starts a turn; returns what to pin into the reasoner's context for the whole turn (often nothing). */
  List<String> startTurn(Turn turn);

  /** Before an action runs: {@code verdict} is called exactly once, at once or after a lookup's reply. */
  void beforeAction(String actionLine, Consumer<GuardVerdict> verdict);

  /** After an action ran (executed, not blocked or skipped). */
  void afterAction(String actionLine);

  /** Ends the turn (per-turn writes are applied here). */
  void endTurn();

  /** The lookup budget; unlimited for policies without lookups. */
  LatencyBudget budget();

  /** Items the policy's memory holds now, -1 when it cannot tell without a round trip (networked). */
  int memorySize();

  /** Releases the memory (the agent is stopping). */
  @Override
  void close();
}
