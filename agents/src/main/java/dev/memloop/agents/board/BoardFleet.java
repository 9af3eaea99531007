package dev.memloop.agents.board;

import dev.memloop.agents.triage.TriageAgents;
import dev.memloop.agents.triage.TriageWorkloads;
import dev.memloop.memory.Embedder;
import dev.memloop.memory.timing.DelayTimer;
import dev.memloop.runtime.BoardHandle;
import dev.memloop.runtime.Agent;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.config.MemoryStoreKind;
import dev.memloop.runtime.fleet.Fleet;
import dev.memloop.runtime.fleet.FleetListener;
import dev.memloop.runtime.fleet.FleetMember;
import dev.memloop.runtime.fleet.FleetOptions;
import dev.memloop.runtime.fleet.FleetResult;
import dev.memloop.runtime.reasoner.SimulatedModel;
import dev.memloop.runtime.step.TurnResult;
import dev.memloop.workloads.fleet.FleetAlertSpec;
import dev.memloop.workloads.fleet.FleetAlertWorkload;
import dev.memloop.workloads.fleet.FleetAlertWorkloads;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import org.apache.pekko.actor.typed.ActorSystem;

/**
 * Triage agents sharing one blackboard: the fleet workload's alerts go to every agent, turn by turn in lockstep,
 * and each agent's guard consults the board in its policy's way (the direct view per step, a snapshot per
 * turn, the read port over an injected round trip), so one agent's investigation guards the others'.
 */
public final class BoardFleet {

  /** The runtime's summary, the fleet's grade, and how the board ended. */
  public record Outcome(FleetResult fleet, FleetTriageScore score, int boardSize) {}

  private BoardFleet() {}

  /** The group (the mode run) of a board fleet's agent, from its id ({@code group-index}); null for another id. */
  public static String groupOf(String agentId) {
    int dash = agentId.lastIndexOf('-');
    return dash <= 0 ? null : agentId.substring(0, dash);
  }

  public static CompletionStage<Outcome> run(ActorSystem<?> system, String group, AgentConfig config, FleetAlertSpec spec,
      SimulatedModel.Parameters model, long seed, DelayTimer timer, FleetListener progress) {
    TriageWorkloads.checkNotHeldOut(seed);
    FleetAlertWorkload workload = FleetAlertWorkloads.generate(spec, seed);
    Embedder embedder = config.memory().embedder().embedder();
    BoardHandle board = BoardHandle.start(system, embedder, config.networked().rtt(), timer);
    AgentConfig onBoard = config.withStore(MemoryStoreKind.BLACKBOARD);
    List<FleetMember> members = new ArrayList<>(spec.agents());
    Map<String, Integer> indexOf = new HashMap<>();
    for (int a = 0; a < spec.agents(); a++) {
      String id = group + "-" + a;
      indexOf.put(id, a);
      members.add(new FleetMember(id, group, Agent.create(TriageAgents.spec(id, onBoard, embedder, model, seed + a, timer,
          null, board.board())), TriageWorkloads.turns(workload.agents().get(a))));
    }
    Map<Integer, List<TurnResult>> turns = new HashMap<>(); // filled on the fleet's stream, one turn at a time
    FleetListener keep = turn -> turns.computeIfAbsent(indexOf.get(turn.agentId()), a -> new ArrayList<>()).add(turn);
    return Fleet.run(system, members, FleetOptions.LOCKSTEP, FleetListener.all(keep, progress)).thenApply(fleet -> {
      int size = board.size();
      board.close();
      return new Outcome(fleet, FleetTriageScorer.score(group, workload, turns), size);
    });
  }
}
