package dev.memloop.runtime.fleet;

import dev.memloop.runtime.MemloopDispatcher;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.pekko.actor.typed.ActorSystem;

/**
 * Runs a fleet of agents on an actor system: generic over what the agents are and what they are fed (a
 * behavior factory and a source of turns per agent), so the runtime knows nothing of triage or workloads.
 * The triage fleet is assembled in the agents module.
 */
public final class Fleet {

  private static final AtomicLong RUNS = new AtomicLong();

  private Fleet() {}

  /**
   * Spawns the members, feeds each its turns with backpressure, and completes with the per-group summary once
   * every turn is answered (or timed out) and every agent has stopped.
   *
   * @throws IllegalArgumentException if there are no members or two share an id
   */
  public static CompletionStage<FleetResult> run(ActorSystem<?> system, List<FleetMember> members, FleetOptions options,
      FleetListener listener) {
    if (members == null || members.isEmpty()) {
      throw new IllegalArgumentException("a fleet needs at least one member");
    }
    if (members.stream().map(FleetMember::id).distinct().count() != members.size()) {
      throw new IllegalArgumentException("fleet member ids must be unique");
    }
    CompletableFuture<FleetResult> result = new CompletableFuture<>();
    system.systemActorOf(FleetCoordinator.create(List.copyOf(members), options, listener, result),
        "fleet-" + RUNS.incrementAndGet(), MemloopDispatcher.props());
    return result;
  }
}
