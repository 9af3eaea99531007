package dev.memloop.runtime.cluster;

import dev.memloop.runtime.AgentSnapshot;
import dev.memloop.runtime.TurnAnswers;
import dev.memloop.runtime.step.Observation;
import dev.memloop.runtime.step.Turn;
import dev.memloop.runtime.step.TurnResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.cluster.sharding.typed.javadsl.EntityRef;

/**
 * One agent on the cluster, one call per turn: what {@code AgentHandle} is for an agent in one actor system, for a
 * sharded agent ({@link AgentSharding#init}) wherever it runs and however often it moves. {@link #of} asks the agent
 * how many turns it has answered and numbers the next ones from there, in the order {@link #send} is called; the
 * agent answers them one at a time, with its memory wherever it is. A turn whose answer does not come within the
 * turn timeout (a stall, a message lost while the agent moved), or comes aborted, is sent again, the same turn, up to
 * the handle's retries: the agent answers a retry of a turn it answered from its record and resumes an aborted one
 * (see {@link ShardedAgent.RunTurn}). A turn still failed after its retries completes its stage with
 * {@code TurnFailedException}, one still not answered in time with {@code TurnTimeoutException}.
 *
 * <p>One handle per agent: two handles (on two nodes, say) would number the same turns twice, and the agent refuses
 * a repeated index. Passivation is sharding's: an idle agent is passivated by its shard
 * ({@code pekko.cluster.sharding.passivation}) and started again, memory and turn count with it, by its next turn.
 * Thread-safe.
 */
public final class ClusterAgentHandle {

  private final EntityRef<ShardedAgent.Command> agent;
  private final String id;
  /** Retries per turn of {@link #of(ActorSystem, String, Duration)}. */
  public static final int DEFAULT_RETRIES = 2;

  private final Duration turnTimeout;
  private final int retries;
  private int nextTurn; // guarded by this

  private ClusterAgentHandle(EntityRef<ShardedAgent.Command> agent, String id, Duration turnTimeout, int retries,
      int nextTurn) {
    this.agent = agent;
    this.id = id;
    this.turnTimeout = turnTimeout;
    this.retries = retries;
    this.nextTurn = nextTurn;
  }

  /**
   * The handle of sharded agent {@code agentId}, once the agent (started wherever sharding places it) has said how
   * many turns it answered.
   *
   * @throws IllegalArgumentException naming the value: a null system, a blank id, a timeout that is not positive
   */
  public static CompletionStage<ClusterAgentHandle> of(ActorSystem<?> system, String agentId, Duration turnTimeout) {
    return of(system, agentId, turnTimeout, DEFAULT_RETRIES);
  }

  /**
   * As {@link #of(ActorSystem, String, Duration)}, each turn sent at most {@code retries} times more.
   *
   * @throws IllegalArgumentException naming the value, as above, and for retries below 0
   */
  public static CompletionStage<ClusterAgentHandle> of(ActorSystem<?> system, String agentId, Duration turnTimeout,
      int retries) {
    if (retries < 0) {
      throw new IllegalArgumentException("agent " + agentId + ": retries must be >= 0: " + retries);
    }
    if (system == null || agentId == null || agentId.isBlank()) {
      throw new IllegalArgumentException("a cluster agent handle needs its actor system and the agent's id: " + system
          + ", '" + agentId + "'");
    }
    if (turnTimeout == null || turnTimeout.isNegative() || turnTimeout.isZero()) {
      throw new IllegalArgumentException("agent " + agentId + ": turn timeout must be > 0: " + turnTimeout);
    }
    EntityRef<ShardedAgent.Command> agent = AgentSharding.agent(system, agentId);
    return agent.<AgentSnapshot>ask(ShardedAgent.GetSnapshot::new, turnTimeout)
        .thenApply(snapshot -> new ClusterAgentHandle(agent, agentId, turnTimeout, retries, snapshot.turnsCompleted()));
  }

  public String id() {
    return id;
  }

  /** The next turn: one observation per text, in order. */
  public CompletionStage<TurnResult> send(String... observations) {
    if (observations == null || observations.length == 0) {
      throw new IllegalArgumentException("agent " + id + ": a turn needs at least one observation");
    }
    CompletionStage<TurnResult> answer;
    int index;
    synchronized (this) { // numbered and told under one lock: the turns arrive in their numbers' order
      index = nextTurn++;
      List<Observation> list = new ArrayList<>(observations.length);
      for (int i = 0; i < observations.length; i++) {
        list.add(new Observation("t" + index + "-" + i, observations[i]));
      }
      Turn turn = new Turn(index, list);
      answer = TurnAnswers.retried(() -> agent.ask(replyTo -> new ShardedAgent.RunTurn(turn, replyTo), turnTimeout),
          retries, () -> { });
    }
    return TurnAnswers.settle(answer, id, index, turnTimeout);
  }

  /** What the agent's memory holds, wherever it runs. */
  public CompletionStage<AgentSnapshot> snapshot() {
    return agent.ask(ShardedAgent.GetSnapshot::new, turnTimeout);
  }
}
