package dev.memloop.runtime.cluster;

import dev.memloop.runtime.AgentSnapshot;
import dev.memloop.runtime.CompactSnapshot;
import dev.memloop.runtime.RuntimeMessage;
import dev.memloop.runtime.step.Turn;
import dev.memloop.runtime.step.TurnResult;

/**
 * What a sharded agent keeps in Distributed Data at every turn end (in memory, replicated to a majority, and on
 * disk with {@code --data-dir}): its memory and turn count as a {@link CompactSnapshot}, and the last turn it
 * answered with its answer. A later incarnation (after a move, a passivation, or a restart of every node) answers
 * a retry of that turn from here instead of running it again: a turn whose answer was lost in a crash is run once.
 *
 * @param lastTurn null before the first turn
 * @param lastAnswer null before the first turn
 */
public record DurableAgent(CompactSnapshot memory, Turn lastTurn, TurnResult lastAnswer) implements RuntimeMessage {

  public DurableAgent {
    if (memory == null) {
      throw new IllegalArgumentException("a durable agent needs its memory (CompactSnapshot.of(AgentSnapshot.empty))");
    }
    if ((lastTurn == null) != (lastAnswer == null)) {
      throw new IllegalArgumentException("agent " + memory.agentId() + ": a last turn and its answer come together");
    }
  }

  /** A new agent: no items, no turns. */
  public static DurableAgent empty(String agentId) {
    return new DurableAgent(CompactSnapshot.of(AgentSnapshot.empty(agentId)), null, null);
  }
}
