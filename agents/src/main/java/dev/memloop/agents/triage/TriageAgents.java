package dev.memloop.agents.triage;

import dev.memloop.memory.Embedder;
import dev.memloop.memory.actor.MemoryStore;
import dev.memloop.memory.timing.DelayTimer;
import dev.memloop.runtime.AgentSpec;
import dev.memloop.runtime.board.SharedBoard;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.reasoner.SimulatedModel;
import org.apache.pekko.actor.typed.ActorRef;

/**
 * The triage agent: for each alert it answers investigate or skip-as-duplicate (here a {@link SimulatedModel}
 * reading the alert through {@link AlertReader}), and its code guard checks the store before any
 * investigation executes, matching the extracted action line through the embedder. Everything else is the
 * runtime's agent; this class only assembles it.
 */
public final class TriageAgents {

  private TriageAgents() {}

  /**
   * @param threshold used when {@code config} says {@code calibrated}; pass {@link GuardCalibration#threshold}
   * @param remoteStore for networked agents talking to a given store; null lets each spawn its own
   */
  public static AgentSpec spec(String id, AgentConfig config, Embedder embedder, SimulatedModel.Parameters model,
      long seed, DelayTimer timer, ActorRef<MemoryStore.Command> remoteStore) {
    return spec(id, config, embedder, model, seed, timer, remoteStore, null);
  }

  /** As above, for an agent whose memory is {@code board} ({@code memory.store = blackboard}). */
  public static AgentSpec spec(String id, AgentConfig config, Embedder embedder, SimulatedModel.Parameters model,
      long seed, DelayTimer timer, ActorRef<MemoryStore.Command> remoteStore, SharedBoard board) {
    double threshold = config.threshold().isPresent() ? config.threshold().getAsDouble()
        : config.policy().guardsInLoop() ? GuardCalibration.threshold(embedder) : Double.NaN;
    return new AgentSpec(id, config, threshold, embedder,
        context -> new SimulatedModel(model, AlertReader::actionLine, context.seed()), timer, remoteStore,
        reasonerSeed(seed), board);
  }

  /** The model's seed, split from the workload's so that the two streams never share numbers. */
  static long reasonerSeed(long workloadSeed) {
    return new java.util.SplittableRandom(workloadSeed).split().nextLong();
  }
}
