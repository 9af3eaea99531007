package dev.memloop.runtime.fleet;

import dev.memloop.runtime.step.TurnResult;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A listener that keeps every turn a fleet answers, for a caller who wants each agent's results and not only the
 * group totals. Fed one turn at a time by the fleet's stream; read it once the fleet's result has completed (the
 * completion publishes everything it kept). Holds every step record: for fleets of a few thousand agents, not for a
 * million.
 */
public final class FleetTurns implements FleetListener {

  private final List<TurnResult> turns = new ArrayList<>();

  @Override
  public void onTurn(TurnResult result) {
    turns.add(result);
  }

  /** Every turn, in the order answered. */
  public List<TurnResult> all() {
    return Collections.unmodifiableList(turns);
  }

  /** Each agent's turns in turn order, agents in the order their first turn was answered. */
  public Map<String, List<TurnResult>> byAgent() {
    Map<String, List<TurnResult>> out = new LinkedHashMap<>();
    for (TurnResult turn : turns) {
      out.computeIfAbsent(turn.agentId(), id -> new ArrayList<>()).add(turn);
    }
    out.values().forEach(list -> list.sort(Comparator.comparingInt(TurnResult::turn)));
    return out;
  }
}
