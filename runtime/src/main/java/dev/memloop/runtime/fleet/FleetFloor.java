package dev.memloop.runtime.fleet;

import dev.memloop.runtime.Agent;
import dev.memloop.runtime.step.ActionRun;
import dev.memloop.runtime.step.Decision;
import dev.memloop.runtime.step.GuardCheck;
import dev.memloop.runtime.step.Observation;
import dev.memloop.runtime.step.StepRecord;
import dev.memloop.runtime.step.TurnResult;
import java.util.ArrayList;
import java.util.List;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;

/**
 * A fleet's floor: the same members (ids, groups, turns) with agents that answer each turn at once, one record per
 * observation (a skip of its text: no model, no guard, no action, no memory), so that {@link Fleet#run} measures the
 * runner alone: one turn in flight per agent, the asks, the stream and the tally. A fleet's steps per second over
 * its floor's is the share of the runner's pace its agents keep; what is missing is what the agents cost.
 */
public final class FleetFloor {

  private FleetFloor() {}

  /** The floor of {@code members}: each one's id, group and turns, answered at once. */
  public static List<FleetMember> of(List<FleetMember> members) {
    List<FleetMember> floor = new ArrayList<>(members.size());
    for (FleetMember m : members) {
      floor.add(new FleetMember(m.id(), m.group(), agent(m.id()), m.turns()));
    }
    return floor;
  }

  private static Behavior<Agent.Command> agent(String id) {
    return Behaviors.receive(Agent.Command.class)
        .onMessage(Agent.RunTurn.class, run -> {
          List<StepRecord> steps = new ArrayList<>(run.turn().observations().size());
          int step = 0;
          for (Observation o : run.turn().observations()) {
            steps.add(new StepRecord(id, run.turn().index(), step++, o.id(),
                Decision.skip(o.text(), Decision.Recognition.NONE), GuardCheck.NOT_APPLICABLE, ActionRun.NOT_RUN,
                null, List.of(), null, 0));
          }
          run.replyTo().tell(new TurnResult(id, run.turn().index(), steps, 0, 0, false, null, 0, 0, 0));
          return Behaviors.same();
        })
        .onMessageEquals(Agent.Stop.INSTANCE, Behaviors::stopped)
        .build();
  }
}
