package dev.memloop.runtime;

import dev.memloop.memory.Consolidator;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.runtime.internal.policy.MemoryPolicy;

/**
 * An agent's consolidation between turns ({@code AgentSpec.Builder.consolidation}): when a pass is due, and one slice
 * at a time over the memory its policy lets it tidy ({@link MemoryPolicy#consolidatable()}). The agent's actor runs it,
 * so it touches the memory only from the thread the agent's turns use.
 */
final class IdleConsolidation {

  private final Consolidator consolidator; // null: none
  private final int slice;
  private final TurnLedger ledger;
  private final MemoryPolicy policy;
  private int startedAfter = -1; // the completed turns when the last pass began
  private boolean running;

  IdleConsolidation(AgentSpec spec, TurnLedger ledger, MemoryPolicy policy) {
    this.consolidator = spec.consolidators() == null ? null : spec.consolidators().get();
    this.slice = spec.consolidationSlice();
    this.ledger = ledger;
    this.policy = policy;
  }

  /** Whether a pass should start now: none is running and a turn ended since the last began. Marks it running. */
  boolean due() {
    if (consolidator == null || policy.consolidatable() == null || running || ledger.completed() == startedAfter) {
      return false;
    }
    running = true;
    startedAfter = ledger.completed();
    return true;
  }

  /** A turn came first: the pass goes on where it stopped (its consolidator keeps its place) when next idle. */
  void pause() {
    running = false;
    startedAfter = -1;
  }

  /** Runs one slice; whether more remain. */
  boolean slice() {
    WorkingMemory memory = policy.consolidatable();
    running = !consolidator.consolidate(memory, slice).done();
    return running;
  }
}
