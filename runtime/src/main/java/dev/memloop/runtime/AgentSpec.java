package dev.memloop.runtime;

import dev.memloop.memory.Embedder;
import dev.memloop.memory.actor.MemoryStore;
import dev.memloop.memory.timing.DelayTimer;
import dev.memloop.runtime.config.AgentConfig;
import org.apache.pekko.actor.typed.ActorRef;

/**
 * Everything an {@link Agent} is made of: its id and settings, the guard threshold resolved for its embedder,
 * the embedder (shared, thread-safe), its reasoner factory, the timer for injected delays and timeouts, and,
 * for a networked agent, the store to talk to (null: the agent spawns its own child store with the
 * configured round trip).
 */
public record AgentSpec(String id, AgentConfig config, double threshold, Embedder embedder,
    ReasonerFactory reasoners, DelayTimer timer, ActorRef<MemoryStore.Command> remoteStore, long seed) {

  public AgentSpec {
    if (id == null || id.isBlank()) {
      throw new IllegalArgumentException("agent id must not be null or blank: " + id);
    }
    if (config == null || embedder == null || reasoners == null || timer == null) {
      throw new IllegalArgumentException("agent " + id + ": config, embedder, reasoners and timer are required");
    }
    if (config.policy().guardsInLoop() && !(threshold >= -1 && threshold <= 1)) {
      throw new IllegalArgumentException("agent " + id + ": guard threshold must be in [-1, 1]: " + threshold
          + (Double.isNaN(threshold) ? " (guard.threshold = calibrated needs a calibrated value; run memloop calibrate)" : ""));
    }
  }
}
