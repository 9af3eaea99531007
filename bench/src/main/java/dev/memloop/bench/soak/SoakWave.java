package dev.memloop.bench.soak;

import dev.memloop.runtime.Agent;
import dev.memloop.runtime.AgentSnapshot;
import dev.memloop.runtime.MemloopDispatcher;
import dev.memloop.runtime.fleet.FleetMember;
import dev.memloop.runtime.step.Turn;
import dev.memloop.runtime.step.TurnResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.AskPattern;

/**
 * One wave of the soak: every member spawned, fed its turns one after another, then asked for its snapshot (what its
 * memory holds once its writes in flight are acknowledged) and stopped. Why not {@code Fleet.run}: the audit needs
 * each agent's memory after its last turn, and a fleet stops its agents without one.
 */
final class SoakWave {

  /** One agent's wave: its answered turns, the turns not answered within the timeout, and its final snapshot. */
  record AgentRun(String agentId, String group, List<TurnResult> turns, int unanswered, AgentSnapshot snapshot) {}

  private SoakWave() {}

  static CompletionStage<List<AgentRun>> run(ActorSystem<?> system, String wave, List<FleetMember> members,
      Duration turnTimeout) {
    List<CompletableFuture<AgentRun>> runs = new ArrayList<>();
    for (FleetMember member : members) {
      ActorRef<Agent.Command> agent = system.systemActorOf(member.behavior(), wave + "-" + member.id(),
          MemloopDispatcher.props());
      runs.add(drive(system, agent, member, turnTimeout).toCompletableFuture());
    }
    return CompletableFuture.allOf(runs.toArray(CompletableFuture[]::new))
        .thenApply(done -> runs.stream().map(CompletableFuture::join).toList());
  }

  private static CompletionStage<AgentRun> drive(ActorSystem<?> system, ActorRef<Agent.Command> agent,
      FleetMember member, Duration turnTimeout) {
    List<TurnResult> answered = new ArrayList<>(); // touched by one stage at a time: the turns run in sequence
    int[] unanswered = {0};
    CompletionStage<Void> turns = CompletableFuture.completedFuture(null);
    for (Turn turn : member.turns()) {
      turns = turns.thenCompose(previous -> AskPattern.<Agent.Command, TurnResult>ask(agent,
          replyTo -> new Agent.RunTurn(turn, replyTo), turnTimeout, system.scheduler())
          .handle((result, failure) -> {
            if (failure == null) {
              answered.add(result);
            } else {
              unanswered[0]++;
            }
            return null;
          }));
    }
    return turns.thenCompose(done -> AskPattern.<Agent.Command, AgentSnapshot>ask(agent, Agent.GetSnapshot::new,
        turnTimeout, system.scheduler()))
        .handle((snapshot, failure) -> {
          agent.tell(Agent.Stop.INSTANCE);
          return new AgentRun(member.id(), member.group(), List.copyOf(answered), unanswered[0], snapshot);
        });
  }
}
