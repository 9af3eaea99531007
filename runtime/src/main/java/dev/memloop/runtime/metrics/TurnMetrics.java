package dev.memloop.runtime.metrics;

import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.step.GuardCheck;
import dev.memloop.runtime.step.GuardOutcome;
import dev.memloop.runtime.step.MemoryCall;
import dev.memloop.runtime.step.MemoryOutcome;
import dev.memloop.runtime.step.StepRecord;
import dev.memloop.runtime.step.ToolCall;
import dev.memloop.runtime.step.ToolOutcome;
import dev.memloop.runtime.step.TurnResult;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The meters of one group of agents (one {@code group} and {@code policy} tag pair), fed a turn at a time. The
 * meters are registered once, here, and kept, so recording a turn looks nothing up. Micrometer's meters are
 * thread-safe; a {@code TurnMetrics} may be fed from several threads (sharded agents on one node share theirs).
 */
public final class TurnMetrics {

  /**
   * The window the live percentiles are computed over: a percentile on the page moves within seconds of the fleet's
   * latency moving. Reports after a run use the one nearest-rank rule over every sample instead.
   */
  static final Duration PERCENTILE_WINDOW = Duration.ofSeconds(10);

  private final Counter turns;
  private final Counter aborted;
  private final Counter steps;
  private final Counter executed;
  private final Counter unaffordable;
  private final Counter budgetGranted;
  private final Counter budgetSpent;
  private final Counter redundant;
  private final Counter repeated;
  // registered at an outcome's first occurrence: a series only for label combinations that happen (a per-turn group
  // never has a guard lookup, and most write outcomes belong to one policy each)
  private final Map<GuardOutcome, Counter> guard = new EnumMap<>(GuardOutcome.class);
  private final Map<MemoryOutcome, Counter> writes = new EnumMap<>(MemoryOutcome.class);
  /** By tool name, then outcome; at most {@link ToolCall#MAX_NAMED_TOOLS} names, the rest under "other". */
  private final Map<String, Map<ToolOutcome, Counter>> toolCalls = new java.util.concurrent.ConcurrentHashMap<>();
  private final MeterRegistry registry;
  private final Tags tags;
  private final Timer embed;
  private final Timer store;
  private final Timer roundTrip;

  /** Whether this group's lookups leave the agent (networked): only then is there a round trip to time. */
  private final boolean remote;

  public TurnMetrics(MeterRegistry registry, String group, MemoryPolicyKind policy) {
    if (registry == null || group == null || policy == null) {
      throw new IllegalArgumentException("turn metrics need a registry, a group and a policy");
    }
    remote = policy == MemoryPolicyKind.NETWORKED;
    this.registry = registry;
    this.tags = Tags.of(MetricNames.GROUP, group, MetricNames.POLICY, policy.configName());
    turns = Counter.builder(MetricNames.TURNS).description("Turns answered").tags(tags).register(registry);
    aborted = Counter.builder(MetricNames.TURNS_ABORTED).description("Turns stopped by a failed step").tags(tags)
        .register(registry);
    steps = Counter.builder(MetricNames.STEPS).description("Steps run").tags(tags).register(registry);
    executed = Counter.builder(MetricNames.ACTIONS_EXECUTED).description("Actions carried out").tags(tags)
        .register(registry);
    unaffordable = Counter.builder(MetricNames.LOOKUPS_UNAFFORDABLE)
        .description("Lookups the turn's budget could not afford").tags(tags).register(registry);
    budgetGranted = Counter.builder(MetricNames.BUDGET_GRANTED).baseUnit("seconds")
        .description("Lookup budget granted to turns (limited budgets only)").tags(tags).register(registry);
    budgetSpent = Counter.builder(MetricNames.BUDGET_SPENT).baseUnit("seconds")
        .description("Lookup budget spent by turns").tags(tags).register(registry);
    redundant = Counter.builder(MetricNames.REDUNDANT_ACTIONS)
        .description("Executed actions that repeated earlier work (when graded)").tags(tags).register(registry);
    repeated = Counter.builder(MetricNames.ACTIONS_REPEATED)
        .description("Executed actions the same agent had executed before").tags(tags).register(registry);
    embed = timer(registry, tags, "embed");
    store = timer(registry, tags, "store");
    roundTrip = remote ? timer(registry, tags, "round_trip") : null; // in process there is no trip to time
  }

  private static Timer timer(MeterRegistry registry, Tags tags, String operation) {
    return Timer.builder(MetricNames.MEMORY_OPERATION)
        .description("A memory lookup's parts: embedding, the store's work, the round trip")
        .tags(tags).tag(MetricNames.OPERATION, operation)
        .publishPercentiles(0.5, 0.99).publishPercentileHistogram()
        .minimumExpectedValue(Duration.ofNanos(1_000)).maximumExpectedValue(Duration.ofSeconds(10))
        .distributionStatisticExpiry(PERCENTILE_WINDOW).distributionStatisticBufferLength(2)
        .register(registry);
  }

  /** Counts one answered turn: its steps, guard lookups and their parts, budget and memory calls. */
  public void record(TurnResult turn) {
    turns.increment();
    if (turn.aborted()) {
      aborted.increment();
    }
    if (turn.budgetNanos() != Long.MAX_VALUE) {
      budgetGranted.increment(turn.budgetNanos() / 1e9);
      budgetSpent.increment(turn.spentNanos() / 1e9);
    }
    steps.increment(turn.steps().size());
    long done = 0;
    long priced = 0;
    for (StepRecord step : turn.steps()) {
      done += step.executed() ? 1 : 0;
      if (step.remembered() != null) {
        writes.computeIfAbsent(step.remembered(), o -> counter(MetricNames.MEMORY_WRITES,
            "Executed actions written to memory", o.name())).increment();
      }
      for (ToolCall call : step.decision().toolCalls()) {
        String tool = ToolCall.countedAs(call.name(), toolCalls);
        toolCalls.computeIfAbsent(tool, t -> new java.util.concurrent.ConcurrentHashMap<>()).computeIfAbsent(
            call.outcome(), o -> Counter.builder(MetricNames.TOOL_CALLS).description("Tool calls by tool and outcome")
                .tags(tags).tag("tool", tool).tag(MetricNames.OUTCOME, o.name().toLowerCase(Locale.ROOT))
                .register(registry)).increment();
      }
      GuardCheck check = step.guard();
      if (check.outcome() != GuardOutcome.NOT_APPLICABLE) {
        guard.computeIfAbsent(check.outcome(), o -> counter(MetricNames.GUARD_CHECKS, "Guard lookups by outcome",
            o.name())).increment();
      }
      if (check.outcome() == GuardOutcome.UNAFFORDABLE) {
        priced++;
      } else if (check.outcome() == GuardOutcome.HIT || check.outcome() == GuardOutcome.MISS) {
        parts(check.cost().embedNanos(), check.cost().storeNanos(), check.cost().chargedNanos());
      }
      for (MemoryCall call : step.memory()) {
        if (call.outcome() == MemoryOutcome.UNAFFORDABLE) {
          priced++;
        } else if (call.outcome() == MemoryOutcome.ANSWERED) {
          parts(call.cost().embedNanos(), call.cost().storeNanos(), call.cost().chargedNanos());
        }
      }
    }
    executed.increment(done);
    unaffordable.increment(priced);
  }

  private Counter counter(String name, String description, String outcome) {
    return Counter.builder(name).description(description).tags(tags)
        .tag(MetricNames.OUTCOME, outcome.toLowerCase(Locale.ROOT)).register(registry);
  }

  /** Adds executed actions whose line the agent had executed before (found by the caller, who keeps the lines). */
  public void repeated(long actions) {
    repeated.increment(actions);
  }

  /** Adds executed actions a grader found redundant. */
  public void redundant(long actions) {
    if (actions < 0) {
      throw new IllegalArgumentException("redundant actions must be >= 0: " + actions);
    }
    redundant.increment(actions);
  }

  /** The round trip of a remote lookup: what it charged beyond the embedding done in the agent. */
  private void parts(long embedNanos, long storeNanos, long chargedNanos) {
    embed.record(embedNanos, TimeUnit.NANOSECONDS);
    store.record(storeNanos, TimeUnit.NANOSECONDS);
    if (remote) {
      roundTrip.record(Math.max(0, chargedNanos - embedNanos), TimeUnit.NANOSECONDS);
    }
  }
}
