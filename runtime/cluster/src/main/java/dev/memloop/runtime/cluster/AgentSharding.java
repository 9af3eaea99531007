package dev.memloop.runtime.cluster;

import dev.memloop.runtime.AgentSpec;
import dev.memloop.runtime.cluster.NodeMetrics;
import dev.memloop.runtime.MemloopDispatcher;
import java.util.function.Function;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.cluster.sharding.typed.ShardingEnvelope;
import org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding;
import org.apache.pekko.cluster.sharding.typed.javadsl.Entity;
import org.apache.pekko.cluster.sharding.typed.javadsl.EntityRef;

/** Agents sharded across a cluster: start the region on every node that hosts agents, then address them by id. */
public final class AgentSharding {

  private AgentSharding() {}

  /** The role of nodes that host agents; others (a driver) reach them through a proxy. */
  public static final String ROLE = "agents";

  /**
   * @param specs makes the builder of an agent's spec from its id, on whichever node the agent lands (the entity
   *     completes it, with the agent's store on a store node when {@code memory.store = remote}, and builds it)
   */
  public static ActorRef<ShardingEnvelope<ShardedAgent.Command>> init(ActorSystem<?> system,
      Function<String, AgentSpec.Builder> specs) {
    return ClusterSharding.get(system).init(Entity.of(ShardedAgent.TYPE,
        context -> ShardedAgent.create(context.getEntityId(), specs)).withStopMessage(ShardedAgent.Passivate.INSTANCE)
        .withEntityProps(MemloopDispatcher.props()));
  }

  /** As {@link #init}, hosting agents only on nodes with the {@link #ROLE} role; elsewhere the region is a proxy. */
  public static ActorRef<ShardingEnvelope<ShardedAgent.Command>> initOnRole(ActorSystem<?> system,
      Function<String, AgentSpec.Builder> specs) {
    return initOnRole(system, specs, NodeMetrics.none());
  }

  /** As {@link #initOnRole(ActorSystem, Function)}, the agents hosted here counted in {@code metrics}. */
  public static ActorRef<ShardingEnvelope<ShardedAgent.Command>> initOnRole(ActorSystem<?> system,
      Function<String, AgentSpec.Builder> specs, NodeMetrics metrics) {
    return ClusterSharding.get(system).init(Entity.of(ShardedAgent.TYPE,
        context -> ShardedAgent.create(context.getEntityId(), specs, metrics))
        .withStopMessage(ShardedAgent.Passivate.INSTANCE).withEntityProps(MemloopDispatcher.props()).withRole(ROLE));
  }

  public static EntityRef<ShardedAgent.Command> agent(ActorSystem<?> system, String agentId) {
    return ClusterSharding.get(system).entityRefFor(ShardedAgent.TYPE, agentId);
  }
}
