package dev.memloop.agents.triage;

import dev.memloop.memory.Embedder;
import dev.memloop.memory.actor.MemoryStore;
import dev.memloop.memory.timing.DelayTimer;
import dev.memloop.runtime.ActionExecutor;
import dev.memloop.runtime.AgentSpec;
import dev.memloop.runtime.board.SharedBoard;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.reasoner.SimulatedModel;
import org.apache.pekko.actor.typed.ActorRef;

/**
 * The triage agent, on the runtime's API: its reasoner answers investigate or skip-as-duplicate for each alert
 * (here a {@link SimulatedModel} reading the alert through {@link AlertReader}); the runtime's guard asks the
 * agent's memory whether an equivalent investigation was already done before one runs; the executor carries out
 * what the guard allows ({@link #INVESTIGATE}); and a done investigation is remembered. The threshold, unless the
 * config names one, is {@link TriageCalibration}'s for the embedder.
 */
public final class TriageAgents {

  /**
   * What an allowed investigation runs: nothing but its record, since the workload's investigations are simulated
   * (graders read the executed steps).
   */
  public static final ActionExecutor INVESTIGATE = ActionExecutor.RECORD_ONLY;

  private TriageAgents() {}

  /** The builder of a triage agent's spec, for callers that add their own parts (a store, a board) before building. */
  public static AgentSpec.Builder builder(String id, AgentConfig config, Embedder embedder,
      SimulatedModel.Parameters model, long seed, DelayTimer timer) {
    return AgentSpec.builder(id).config(config).embedder(embedder).calibration(TriageCalibration::threshold)
        .reasoners(context -> new SimulatedModel(model, AlertReader::actionLine, context.seed()))
        .executor(INVESTIGATE).timer(timer).seed(reasonerSeed(seed));
  }

  /** @param remoteStore for networked agents talking to a given store; null lets each spawn its own */
  public static AgentSpec spec(String id, AgentConfig config, Embedder embedder, SimulatedModel.Parameters model,
      long seed, DelayTimer timer, ActorRef<MemoryStore.Command> remoteStore) {
    return spec(id, config, embedder, model, seed, timer, remoteStore, null);
  }

  /** As above, for an agent whose memory is {@code board} ({@code memory.store = blackboard}). */
  public static AgentSpec spec(String id, AgentConfig config, Embedder embedder, SimulatedModel.Parameters model,
      long seed, DelayTimer timer, ActorRef<MemoryStore.Command> remoteStore, SharedBoard board) {
    return builder(id, config, embedder, model, seed, timer).storeActor(remoteStore).board(board).build();
  }

  /** The model's seed, split from the workload's so that the two streams never share numbers. */
  static long reasonerSeed(long workloadSeed) {
    return new java.util.SplittableRandom(workloadSeed).split().nextLong();
  }
}
