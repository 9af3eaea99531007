package dev.memloop.runtime.fleet;

import dev.memloop.runtime.Agent;
import dev.memloop.runtime.AgentSpec;
import dev.memloop.runtime.step.Turn;
import java.util.List;
import java.util.Objects;
import org.apache.pekko.actor.typed.Behavior;

/**
 * One agent of a fleet: its id (also its actor name), the group it reports under, how to make it, and the
 * turns it is fed, one at a time (as a stream; in lockstep, turn t once every agent has finished turn t - 1).
 * Turns from {@link GeneratedTurns} are made as they are sent, so that a large fleet does not hold its workloads.
 */
public record FleetMember(String id, String group, Behavior<Agent.Command> behavior, List<Turn> turns) {

  /** The group of members made by {@link #of(AgentSpec, List)}. */
  public static final String DEFAULT_GROUP = "default";

  /** The agent of {@code spec}, in group {@value #DEFAULT_GROUP}, fed {@code turns}. */
  public static FleetMember of(AgentSpec spec, List<Turn> turns) {
    return of(DEFAULT_GROUP, spec, turns);
  }

  /** The agent of {@code spec}, reporting under {@code group}, fed {@code turns}. */
  public static FleetMember of(String group, AgentSpec spec, List<Turn> turns) {
    if (spec == null) {
      throw new IllegalArgumentException("a fleet member needs its agent's spec");
    }
    return new FleetMember(spec.id(), group, Agent.create(spec), turns);
  }

  public FleetMember {
    if (id == null || !id.matches("[A-Za-z0-9_-]+")) {
      throw new IllegalArgumentException("fleet member id must be letters, digits, '-' or '_' (an actor name): " + id);
    }
    Objects.requireNonNull(group, "group");
    Objects.requireNonNull(behavior, "behavior");
    // generated turns are made when sent, and immutable by construction: copying them would hold them all
    turns = turns instanceof GeneratedTurns ? turns : List.copyOf(turns);
  }
}
