package dev.memloop.runtime.metrics;

import dev.memloop.runtime.fleet.FleetListener;
import dev.memloop.runtime.fleet.FleetMember;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.step.StepRecord;
import dev.memloop.runtime.step.TurnResult;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Set;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * A fleet's meters, fed by the fleet as each turn is answered ({@link FleetListener}, one turn at a time): the
 * {@link TurnMetrics} of each group, the actions each agent executed again ({@link MetricNames#ACTIONS_REPEATED}),
 * and {@link MetricNames#AGENTS_ALIVE}, the agents with turns still to run. Holds each running agent's executed
 * lines (a few dozen bytes each) until its last turn.
 */
public final class FleetMetrics implements FleetListener {

  private final Map<String, TurnMetrics> byGroup = new LinkedHashMap<>();
  private final Map<String, TurnMetrics> byAgent = new HashMap<>();
  private final Map<String, Integer> lastTurn = new HashMap<>();
  /** The lines each agent has executed, until its last turn: a line executed again is a repeat. */
  private final Map<String, Set<String>> executedLines = new HashMap<>();
  private final AtomicInteger alive;
  /** For a fleet whose members are not known up front: the group of an agent not met before, by its id. */
  private final Function<String, String> groupOfAgent;
  private final Map<String, MemoryPolicyKind> policies;
  private final MeterRegistry registry;

  /**
   * @param policies each group's memory policy, by group name; every member's group must be there
   * @throws IllegalArgumentException when a member's group has no policy
   */
  public FleetMetrics(MeterRegistry registry, List<FleetMember> members, Map<String, MemoryPolicyKind> policies) {
    this.registry = registry;
    this.policies = Map.copyOf(policies);
    this.groupOfAgent = id -> null;
    for (FleetMember member : members) {
      MemoryPolicyKind policy = policies.get(member.group());
      if (policy == null) {
        throw new IllegalArgumentException("fleet metrics: group '" + member.group() + "' of agent " + member.id()
            + " has no policy; groups known: " + policies.keySet());
      }
      TurnMetrics metrics = byGroup.computeIfAbsent(member.group(), g -> new TurnMetrics(registry, g, policy));
      byAgent.put(member.id(), metrics);
      lastTurn.put(member.id(), member.turns().isEmpty() ? -1 : member.turns().get(member.turns().size() - 1).index());
    }
    alive = new AtomicInteger((int) lastTurn.values().stream().filter(last -> last >= 0).count());
    Gauge.builder(MetricNames.AGENTS_ALIVE, alive, AtomicInteger::get).description("Agents with turns still to run")
        .register(registry);
  }

  /**
   * For fleets whose members are made later (one per mode, by the fleet itself): an agent's group from its id, among
   * {@code policies}' groups. No {@link MetricNames#AGENTS_ALIVE}: how many turns an agent has is not known here.
   */
  public FleetMetrics(MeterRegistry registry, Map<String, MemoryPolicyKind> policies,
      Function<String, String> groupOfAgent) {
    this.registry = registry;
    this.policies = Map.copyOf(policies);
    this.groupOfAgent = groupOfAgent;
    this.alive = new AtomicInteger();
  }

  @Override
  public void onTurn(TurnResult result) {
    TurnMetrics metrics = byAgent.get(result.agentId());
    if (metrics == null) {
      String group = groupOfAgent.apply(result.agentId());
      MemoryPolicyKind policy = group == null ? null : policies.get(group);
      if (policy == null) {
        return; // not a member of this fleet (a warm-up agent): not counted
      }
      metrics = byGroup.computeIfAbsent(group, g -> new TurnMetrics(registry, g, policy));
      byAgent.put(result.agentId(), metrics);
    }
    metrics.record(result);
    Set<String> lines = executedLines.computeIfAbsent(result.agentId(), id -> new HashSet<>());
    long repeats = 0;
    for (StepRecord step : result.steps()) {
      if (step.executed() && step.actionLine() != null && !lines.add(step.actionLine())) {
        repeats++;
      }
    }
    metrics.repeated(repeats);
    Integer last = lastTurn.get(result.agentId());
    if (result.aborted() || (last != null && result.turn() == last)) {
      executedLines.remove(result.agentId());
      if (lastTurn.remove(result.agentId()) != null) {
        alive.decrementAndGet();
      }
    }
  }

  /** The meters of {@code group}, to add what is known only after the run (redundant actions, when graded). */
  public TurnMetrics group(String group) {
    TurnMetrics metrics = byGroup.get(group);
    if (metrics == null && policies.containsKey(group)) {
      metrics = byGroup.computeIfAbsent(group, g -> new TurnMetrics(registry, g, policies.get(g)));
    }
    if (metrics == null) {
      throw new IllegalArgumentException("fleet metrics: no group '" + group + "'; groups: " + byGroup.keySet());
    }
    return metrics;
  }

  public int alive() {
    return alive.get();
  }
}
