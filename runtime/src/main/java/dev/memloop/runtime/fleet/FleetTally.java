package dev.memloop.runtime.fleet;

import dev.memloop.memory.timing.CollectionPauses;
import dev.memloop.runtime.step.GuardCheck;
import dev.memloop.runtime.step.GuardOutcome;
import dev.memloop.runtime.step.MemoryCall;
import dev.memloop.runtime.step.StepRecord;
import dev.memloop.runtime.step.TurnResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/** Adds up turn results per group as they arrive. Not thread-safe: fed by the fleet's stream, one at a time. */
final class FleetTally {

  private final Map<String, String> groupOf;
  private final Map<String, Group> groups = new TreeMap<>();
  private final Map<String, ExecutedLines> executedBy = new HashMap<>();

  private final CollectionPauses pauses = CollectionPauses.jvm(); // listening from the fleet's start

  FleetTally(Map<String, String> groupOfAgent) {
    this.groupOf = groupOfAgent;
    for (String group : groupOfAgent.values()) {
      groups.computeIfAbsent(group, g -> new Group());
    }
    for (Map.Entry<String, String> e : groupOfAgent.entrySet()) {
      groups.get(e.getValue()).agents++;
    }
  }

  void add(TurnResult turn) {
    Group g = groups.get(groupOf.get(turn.agentId()));
    g.turns++;
    g.aborted += turn.aborted() ? 1 : 0;
    g.spent += turn.spentNanos();
    if (turn.restarts() > 0) { // only agents that restarted take an entry: a million agents, most never do
      g.restarts.merge(turn.agentId(), (long) turn.restarts(), Math::max);
    }
    ExecutedLines executed = executedBy.computeIfAbsent(turn.agentId(), a -> new ExecutedLines());
    for (StepRecord s : turn.steps()) {
      g.steps++;
      g.step.recordValue(Math.max(0, s.wallNanos()));
      if (s.executed() && !executed.add(s.actionLine())) {
        g.redundant++;
      }
      GuardCheck guard = s.guard();
      g.count(guard.outcome());
      if (guard.outcome() == GuardOutcome.HIT || guard.outcome() == GuardOutcome.MISS) {
        g.store.recordValue(Math.max(0, guard.cost().storeNanos()));
        g.embed.recordValue(Math.max(0, guard.cost().embedNanos()));
        g.lookup.recordValue(Math.max(0, guard.cost().chargedNanos()));
        g.stalls.add(guard);
        g.latency.guard(guard);
      }
      for (MemoryCall call : s.memory()) {
        g.memory.add(call);
        g.latency.call(call);
      }
      g.decisions.add(s);
    }
  }

  List<GroupSummary> summaries(long wallNanos) {
    List<GroupSummary> out = new ArrayList<>();
    // executed and failed actions are the decision tally's, counted once
    groups.forEach((name, g) -> out.add(new GroupSummary(name, g.agents, g.turns, g.aborted, g.steps,
        g.decisions.executed(), g.redundant, g.hits + g.misses + g.timedOut, g.unaffordable, g.timedOut, g.hits, g.misses,
        g.restarts.values().stream().mapToLong(Long::longValue).sum(), g.store.getValueAtPercentile(50),
        g.store.getValueAtPercentile(99), g.embed.getValueAtPercentile(50), g.lookup.getValueAtPercentile(50),
        g.lookup.getValueAtPercentile(99), g.spent, wallNanos, g.decisions.actionsFailed(), g.memory.counts(),
        g.stalls.summary(pauses),
        g.step.getValueAtPercentile(50), g.step.getValueAtPercentile(99), g.step.getValueAtPercentile(99.9),
        g.decisions.counts(), g.latency.summary())));
    return out;
  }

  private static final class Group {
    int agents;
    long turns;
    long aborted;
    long steps;
    long redundant;
    long unaffordable;
    long timedOut;
    long hits;
    long misses;
    long spent;
    final MemoryCallTally memory = new MemoryCallTally();
    final DecisionTally decisions = new DecisionTally();
    final MemoryLatencyTally latency = new MemoryLatencyTally();
    final StallTally stalls = new StallTally();
    final Map<String, Long> restarts = new HashMap<>();
    final Histogram store = new Histogram(3);
    final Histogram embed = new Histogram(3);
    final Histogram lookup = new Histogram(3);
    final Histogram step = new Histogram(3);

    void count(GuardOutcome outcome) {
      switch (outcome) {
        case UNAFFORDABLE -> unaffordable++;
        case TIMED_OUT -> timedOut++;
        case HIT -> hits++;
        case MISS -> misses++;
        default -> { }
      }
    }
  }
}
