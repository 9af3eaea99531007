package dev.memloop.runtime.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.typesafe.config.ConfigFactory;
import dev.memloop.memory.embed.HashingEmbedder;
import dev.memloop.runtime.Agent;
import dev.memloop.runtime.AgentSpec;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.config.AgentConfigs;
import dev.memloop.runtime.fleet.Fleet;
import dev.memloop.runtime.fleet.FleetListener;
import dev.memloop.runtime.fleet.FleetMember;
import dev.memloop.runtime.fleet.FleetOptions;
import dev.memloop.runtime.fleet.FleetResult;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.reasoner.ScriptedReasoner;
import dev.memloop.runtime.step.GuardOutcome;
import dev.memloop.runtime.step.Observation;
import dev.memloop.runtime.step.Turn;
import dev.memloop.runtime.step.TurnResult;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * A real fleet counted by {@link FleetMetrics}: every meter agrees with the turn results the fleet returned, and
 * the live repeat count is what the workload makes (each agent executes 10 lines again without a guard, none with).
 */
class FleetMetricsTest {

  static final ActorTestKit testKit = ActorTestKit.create();
  static final AgentConfig BASE = AgentConfigs.agent(ConfigFactory.load()).withThreshold(0.99).withBudget(null);
  static final int AGENTS = 10;

  @AfterAll
  static void shutdown() {
    testKit.shutdownTestKit();
  }

  /** 4 turns of 5 lines: line 4 repeats line 0 of its turn, lines 2 and 3 repeat lines 0 and 1 of the turn before. */
  static List<Turn> turns(int agent) {
    List<Turn> turns = new ArrayList<>();
    for (int t = 0; t < 4; t++) {
      List<Observation> o = new ArrayList<>();
      o.add(new Observation("o0", line(agent, t, 0)));
      o.add(new Observation("o1", line(agent, t, 1)));
      o.add(new Observation("o2", t == 0 ? line(agent, t, 2) : line(agent, t - 1, 0)));
      o.add(new Observation("o3", t == 0 ? line(agent, t, 3) : line(agent, t - 1, 1)));
      o.add(new Observation("o4", line(agent, t, 0)));
      turns.add(new Turn(t, o));
    }
    return turns;
  }

  static String line(int agent, int turn, int i) {
    long mixed = (agent * 1_000_003L + turn * 101L + i) * 0x9E3779B97F4A7C15L;
    return "isolate node-" + agent + " ref " + Long.toString(mixed >>> 20, 36);
  }

  static FleetMember member(String group, int i, MemoryPolicyKind policy) {
    AgentSpec spec = AgentSpec.builder(group + "-" + i).config(BASE.withPolicy(policy)).threshold(0.99)
        .embedder(new HashingEmbedder(64)).reasoners(ctx -> ScriptedReasoner.actOnEveryObservation()).seed(i).build();
    return new FleetMember(spec.id(), group, Agent.create(spec), turns(i));
  }

  static List<FleetMember> members() {
    List<FleetMember> members = new ArrayList<>();
    for (int i = 0; i < AGENTS; i++) {
      members.add(member("guarded", i, MemoryPolicyKind.PER_STEP));
      members.add(member("blind", i, MemoryPolicyKind.NONE));
    }
    return members;
  }

  static final Map<String, MemoryPolicyKind> POLICIES = Map.of("guarded", MemoryPolicyKind.PER_STEP,
      "blind", MemoryPolicyKind.NONE);

  @Test
  void should_count_what_the_fleet_returned() throws Exception {
    MeterRegistry registry = new SimpleMeterRegistry();
    List<FleetMember> members = members();
    FleetMetrics metrics = new FleetMetrics(registry, members, POLICIES);
    assertThat(metrics.alive()).isEqualTo(2 * AGENTS);
    List<TurnResult> heard = new ArrayList<>();
    FleetResult result = Fleet.run(testKit.system(), members, FleetOptions.DEFAULT,
        FleetListener.all(metrics, heard::add)).toCompletableFuture().get(2, TimeUnit.MINUTES);
    assertThat(result.failure()).as("a listener that throws fails the fleet's stream").isNull();

    assertThat(metrics.alive()).as("every agent finished").isZero();
    assertThat(registry.get(MetricNames.AGENTS_ALIVE).gauge().value()).isZero();
    for (String group : POLICIES.keySet()) {
      List<TurnResult> own = heard.stream().filter(r -> r.agentId().startsWith(group + "-")).toList();
      String policy = POLICIES.get(group).configName();
      assertThat(count(registry, MetricNames.TURNS, group)).isEqualTo(own.size()).isEqualTo(4 * AGENTS);
      assertThat(count(registry, MetricNames.STEPS, group)).isEqualTo(own.stream().mapToLong(r -> r.steps().size()).sum());
      assertThat(count(registry, MetricNames.ACTIONS_EXECUTED, group))
          .isEqualTo(own.stream().mapToLong(TurnResult::executed).sum());
      assertThat(registry.get(MetricNames.STEPS).tag(MetricNames.GROUP, group).counter().getId()
          .getTag(MetricNames.POLICY)).isEqualTo(policy);
    }
    long hits = heard.stream().filter(r -> r.agentId().startsWith("guarded-")).mapToLong(r -> r.count(GuardOutcome.HIT))
        .sum();
    assertThat(hits).as("the guard blocked the workload's repeats").isEqualTo(10L * AGENTS);
    assertThat(registry.get(MetricNames.GUARD_CHECKS).tag(MetricNames.GROUP, "guarded")
        .tag(MetricNames.OUTCOME, "hit").counter().count()).isEqualTo(hits);
    assertThat(count(registry, MetricNames.ACTIONS_REPEATED, "guarded")).isZero();
    assertThat(count(registry, MetricNames.ACTIONS_REPEATED, "blind")).isEqualTo(10L * AGENTS);
    assertThat(registry.get(MetricNames.MEMORY_OPERATION).tag(MetricNames.GROUP, "guarded")
        .tag(MetricNames.OPERATION, "store").timer().count()).isEqualTo(
        heard.stream().filter(r -> r.agentId().startsWith("guarded-")).mapToLong(
            r -> r.count(GuardOutcome.HIT) + r.count(GuardOutcome.MISS)).sum());
    assertThat(registry.find(MetricNames.MEMORY_OPERATION).tag(MetricNames.OPERATION, "round_trip").timers())
        .as("no round trip in process").isEmpty();

    metrics.group("blind").redundant(7);
    assertThat(count(registry, MetricNames.REDUNDANT_ACTIONS, "blind")).isEqualTo(7);
  }

  @Test
  void should_count_agents_met_later_by_the_group_their_id_names() throws Exception {
    MeterRegistry registry = new SimpleMeterRegistry();
    FleetMetrics metrics = new FleetMetrics(registry, POLICIES, id -> id.substring(0, id.indexOf('-')));
    FleetResult result = Fleet.run(testKit.system(), List.of(member("blind", 0, MemoryPolicyKind.NONE),
        member("other", 1, MemoryPolicyKind.NONE)), FleetOptions.DEFAULT, metrics).toCompletableFuture()
        .get(1, TimeUnit.MINUTES);
    assertThat(result.failure()).isNull();
    assertThat(count(registry, MetricNames.TURNS, "blind")).isEqualTo(4);
    assertThat(registry.find(MetricNames.TURNS).tag(MetricNames.GROUP, "other").counter())
        .as("a group without a policy is not this fleet's").isNull();
    assertThat(registry.find(MetricNames.AGENTS_ALIVE).gauge()).isNull();
  }

  @Test
  void should_refuse_a_member_whose_group_has_no_policy_and_a_bad_count() {
    assertThatThrownBy(() -> new FleetMetrics(new SimpleMeterRegistry(), List.of(member("third", 0,
        MemoryPolicyKind.NONE)), POLICIES)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("group 'third' of agent third-0 has no policy");
    FleetMetrics metrics = new FleetMetrics(new SimpleMeterRegistry(), List.of(), POLICIES);
    assertThatThrownBy(() -> metrics.group("third")).hasMessageContaining("no group 'third'");
    assertThatThrownBy(() -> metrics.group("blind").redundant(-1)).hasMessageContaining("redundant actions must be"
        + " >= 0: -1");
    assertThatThrownBy(() -> new TurnMetrics(null, "g", MemoryPolicyKind.NONE))
        .hasMessageContaining("turn metrics need a registry");
    assertThatThrownBy(() -> FleetListener.all(metrics, null)).hasMessageContaining("a fleet listener is null");
  }

  private static double count(MeterRegistry registry, String name, String group) {
    return registry.get(name).tag(MetricNames.GROUP, group).counter().count();
  }
}
