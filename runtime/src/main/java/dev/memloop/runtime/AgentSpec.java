package dev.memloop.runtime;

import dev.memloop.memory.Embedder;
import dev.memloop.memory.actor.MemoryStore;
import dev.memloop.memory.timing.DelayTimer;
import dev.memloop.runtime.board.SharedBoard;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.config.MemoryStoreKind;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import org.apache.pekko.actor.typed.ActorRef;

/**
 * Everything an {@link Agent} is made of: its id and settings, the guard threshold resolved for its embedder,
 * the embedder (shared, thread-safe), its reasoner factory, the timer for injected delays and timeouts, for a
 * networked agent the store to talk to (null: the agent spawns its own child store with the configured round
 * trip), and the shared blackboard when its memory lives there ({@code memory.store = blackboard}).
 */
public record AgentSpec(String id, AgentConfig config, double threshold, Embedder embedder,
    ReasonerFactory reasoners, DelayTimer timer, ActorRef<MemoryStore.Command> remoteStore, long seed,
    SharedBoard board) {

  /** An agent with its own memory. */
  public AgentSpec(String id, AgentConfig config, double threshold, Embedder embedder, ReasonerFactory reasoners,
      DelayTimer timer, ActorRef<MemoryStore.Command> remoteStore, long seed) {
    this(id, config, threshold, embedder, reasoners, timer, remoteStore, seed, null);
  }

  /** This spec with its networked store: one on a store node, opened once the agent's node has found it. */
  public AgentSpec withRemoteStore(ActorRef<MemoryStore.Command> store) {
    return new AgentSpec(id, config, threshold, embedder, reasoners, timer, store, seed, board);
  }

  public AgentSpec {
    if (id == null || id.isBlank()) {
      throw new IllegalArgumentException("agent id must not be null or blank: " + id);
    }
    if (config == null || embedder == null || reasoners == null || timer == null) {
      throw new IllegalArgumentException("agent " + id + ": config, embedder, reasoners and timer are required");
    }
    if (config.store() == MemoryStoreKind.BLACKBOARD && config.policy() != MemoryPolicyKind.NONE) {
      if (board == null) {
        throw new IllegalArgumentException("agent " + id + ": memory.store = blackboard needs a shared board");
      }
      if (config.policy() == MemoryPolicyKind.NETWORKED && board.readPort() == null) {
        throw new IllegalArgumentException("agent " + id + ": a networked agent on a blackboard needs its read port");
      }
    }
    if (config.policy().guardsInLoop() && !(threshold >= -1 && threshold <= 1)) {
      throw new IllegalArgumentException("agent " + id + ": guard threshold must be in [-1, 1]: " + threshold
          + (Double.isNaN(threshold) ? " (guard.threshold = calibrated needs a calibrated value; run memloop calibrate)" : ""));
    }
  }
}
