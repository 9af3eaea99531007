package dev.memloop.runtime.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.typesafe.config.ConfigFactory;
import dev.memloop.memory.embed.HashingEmbedder;
import dev.memloop.memory.timing.HighResolutionTimer;
import dev.memloop.runtime.ActionExecutor;
import dev.memloop.runtime.Agent;
import dev.memloop.runtime.AgentSpec;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.config.AgentConfigs;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.reasoner.ScriptedReasoner;
import dev.memloop.runtime.step.ActionStatus;
import dev.memloop.runtime.step.Decision;
import dev.memloop.runtime.step.Observation;
import dev.memloop.runtime.step.Turn;
import dev.memloop.runtime.step.TurnResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.FishingOutcomes;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.testkit.typed.javadsl.LogCapturingExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(LogCapturingExtension.class)
class FleetTest {

  static final ActorTestKit testKit = ActorTestKit.create();
  // unlimited budget: a collection pause while a thousand agents start may not ration this test's guards
  static final AgentConfig BASE = AgentConfigs.agent(ConfigFactory.load()).withThreshold(0.99).withBudget(null);

  @AfterAll
  static void shutdown() {
    testKit.shutdownTestKit();
  }

  /** 4 turns of 5 action lines; turn t repeats two lines of turn t - 1 and one of its own. */
  static List<Turn> turns(int agent) {
    List<Turn> turns = new ArrayList<>();
    for (int t = 0; t < 4; t++) {
      List<Observation> o = new ArrayList<>();
      o.add(obs(agent, t, 0, line(agent, t, 0)));
      o.add(obs(agent, t, 1, line(agent, t, 1)));
      o.add(obs(agent, t, 2, t == 0 ? line(agent, t, 2) : line(agent, t - 1, 0)));
      o.add(obs(agent, t, 3, t == 0 ? line(agent, t, 3) : line(agent, t - 1, 1)));
      o.add(obs(agent, t, 4, line(agent, t, 0)));
      turns.add(new Turn(t, o));
    }
    return turns;
  }

  static Observation obs(int agent, int turn, int i, String text) {
    return new Observation(agent + "-" + turn + "-" + i, text);
  }

  static String line(int agent, int turn, int i) {
    long mixed = (agent * 1_000_003L + turn * 101L + i) * 0x9E3779B97F4A7C15L; // distinct words, not near-twins
    return "isolate node-" + agent + " ref " + Long.toString(mixed >>> 20, 36);
  }

  static FleetMember member(int i, MemoryPolicyKind policy) {
    AgentSpec spec = AgentSpec.builder("agent-" + i).config(BASE.withPolicy(policy)).threshold(0.99)
        .embedder(new HashingEmbedder(64)).reasoners(ctx -> ScriptedReasoner.actOnEveryObservation()).seed(i).build();
    return new FleetMember("agent-" + i, policy.configName(), Agent.create(spec), turns(i));
  }

  @Test
  void should_run_a_thousand_agents_to_completion_and_stop_them() throws Exception {
    List<FleetMember> members = new ArrayList<>();
    for (int i = 0; i < 1_000; i++) {
      members.add(member(i, i % 2 == 0 ? MemoryPolicyKind.PER_STEP : MemoryPolicyKind.NONE));
    }
    AtomicInteger heard = new AtomicInteger();
    List<Integer> heardWhenAllAnswered = new ArrayList<>();
    FleetListener counting = r -> heard.incrementAndGet();
    FleetListener atTheEnd = new FleetListener() {
      @Override
      public void onTurn(dev.memloop.runtime.step.TurnResult r) {}

      @Override
      public void onAllAnswered() {
        heardWhenAllAnswered.add(heard.get());
      }
    };
    FleetResult result = Fleet.run(testKit.system(), members, FleetOptions.DEFAULT,
        FleetListener.all(counting, atTheEnd)).toCompletableFuture().get(2, TimeUnit.MINUTES);

    assertThat(result.failure()).isNull();
    assertThat(heard.get()).isEqualTo(4_000);
    assertThat(heardWhenAllAnswered).as("told once, after the last turn, through all(...)").containsExactly(4_000);
    GroupSummary guarded = result.group("per-step");
    GroupSummary baseline = result.group("none");
    assertThat(guarded.agents()).isEqualTo(500);
    assertThat(guarded.turns()).isEqualTo(2_000);
    assertThat(guarded.steps()).isEqualTo(10_000);
    // per agent: turn 0 repeats 1 line, turns 1-3 repeat 3 each: 10 duplicates of 20 steps
    assertThat(baseline.redundant()).isEqualTo(500 * 10);
    assertThat(guarded.redundant()).as(guarded.toString()).isZero();
    assertThat(guarded.hits()).isEqualTo(500 * 10);
    assertThat(guarded.storeP50()).isPositive();
    assertThat(result.stepsPerSecond()).isPositive();
  }

  @Test
  void should_make_each_generated_turn_once_when_it_is_sent_and_grade_it_as_a_held_one() throws Exception {
    AtomicInteger made = new AtomicInteger();
    List<FleetMember> held = new ArrayList<>();
    List<FleetMember> generated = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      held.add(member(i, MemoryPolicyKind.PER_STEP));
      int agent = i;
      FleetMember m = member(i, MemoryPolicyKind.PER_STEP);
      generated.add(new FleetMember(m.id(), m.group(), m.behavior(), GeneratedTurns.of(4, t -> {
        made.incrementAndGet();
        return turns(agent).get(t);
      })));
    }
    assertThat(made.get()).as("nothing made before the fleet sends it").isZero();
    FleetResult fromHeld = Fleet.run(testKit.system(), held, FleetOptions.DEFAULT, FleetListener.NONE)
        .toCompletableFuture().get(2, TimeUnit.MINUTES);
    FleetResult fromGenerated = Fleet.run(testKit.system(), generated, FleetOptions.DEFAULT, FleetListener.NONE)
        .toCompletableFuture().get(2, TimeUnit.MINUTES);
    assertThat(made.get()).as("each turn made once, when sent").isEqualTo(50 * 4);
    GroupSummary a = fromHeld.group("per-step");
    GroupSummary b = fromGenerated.group("per-step");
    assertThat(List.of(b.steps(), b.executed(), b.redundant(), b.hits()))
        .isEqualTo(List.of(a.steps(), a.executed(), a.redundant(), a.hits()));
  }

  @Test
  void should_run_a_floor_of_the_same_turns_answered_at_once() throws Exception {
    List<FleetMember> members = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      members.add(member(i, i % 2 == 0 ? MemoryPolicyKind.PER_STEP : MemoryPolicyKind.NONE));
    }
    List<FleetMember> floor = FleetFloor.of(members);
    assertThat(floor).extracting(FleetMember::id).containsExactlyElementsOf(members.stream().map(FleetMember::id)
        .toList());
    FleetResult result = Fleet.run(testKit.system(), floor, FleetOptions.DEFAULT, FleetListener.NONE)
        .toCompletableFuture().get(2, TimeUnit.MINUTES);
    assertThat(result.failure()).isNull();
    for (String group : List.of("per-step", "none")) {
      GroupSummary g = result.group(group);
      assertThat(g.agents()).isEqualTo(100);
      assertThat(g.steps()).as("one record per observation, as the agents make").isEqualTo(100 * 20);
      assertThat(g.executed()).as("nothing runs on the floor").isZero();
      assertThat(g.hits()).isZero();
      assertThat(g.stepsPerSecond()).isPositive();
    }
  }

  @Test
  void should_keep_at_most_the_parallelism_in_flight_and_each_agent_s_turns_in_order() throws Exception {
    AtomicInteger inFlight = new AtomicInteger();
    AtomicInteger most = new AtomicInteger();
    java.util.Map<String, List<Integer>> received = new java.util.concurrent.ConcurrentHashMap<>();
    List<FleetMember> members = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      String id = "slow-" + i;
      received.put(id, new java.util.concurrent.CopyOnWriteArrayList<>());
      members.add(new FleetMember(id, "slow", Behaviors.receive(Agent.Command.class)
          .onMessage(Agent.RunTurn.class, run -> {
            most.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            received.get(id).add(run.turn().index());
            // answered a little later, on another thread: turns of other agents can be sent meanwhile
            CompletableFuture.runAsync(() -> {
              inFlight.decrementAndGet(); // before the answer: the fleet sends nothing new until it has it
              run.replyTo().tell(new TurnResult(id, run.turn().index(), List.of(), 0, 0, false, null, 0, 0, 0));
            }, CompletableFuture.delayedExecutor(1, TimeUnit.MILLISECONDS));
            return Behaviors.same();
          })
          .onMessageEquals(Agent.Stop.INSTANCE, Behaviors::stopped)
          .build(), turns(i)));
    }
    java.util.Map<String, List<Integer>> answered = new java.util.concurrent.ConcurrentHashMap<>();
    FleetResult result = Fleet.run(testKit.system(), members, new FleetOptions(Duration.ofSeconds(30), 3, false),
        r -> answered.computeIfAbsent(r.agentId(), a -> new java.util.concurrent.CopyOnWriteArrayList<>())
            .add(r.turn())).toCompletableFuture().get(2, TimeUnit.MINUTES);
    assertThat(result.failure()).isNull();
    assertThat(most.get()).as("turns in flight at once").isBetween(1, 3);
    assertThat(received.values()).allSatisfy(turns -> assertThat(turns).containsExactly(0, 1, 2, 3));
    assertThat(answered).hasSize(30);
    assertThat(answered.values()).allSatisfy(turns -> assertThat(turns).containsExactly(0, 1, 2, 3));
  }

  @Test
  void should_answer_every_agent_s_turn_before_any_next_turn_in_lockstep() throws Exception {
    List<FleetMember> members = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      members.add(member(i, MemoryPolicyKind.PER_STEP));
    }
    List<Integer> order = new java.util.concurrent.CopyOnWriteArrayList<>();
    FleetResult result = Fleet.run(testKit.system(), members, FleetOptions.LOCKSTEP, r -> order.add(r.turn()))
        .toCompletableFuture().get(2, TimeUnit.MINUTES);
    assertThat(result.failure()).isNull();
    assertThat(order).hasSize(200).isSorted();
  }

  @Test
  void should_keep_every_agent_s_turns_and_tally_its_memory_calls_and_failed_actions() throws Exception {
    List<FleetMember> members = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      // each step the reasoner reads its memory once; every other action fails
      AgentSpec spec = AgentSpec.builder("caller-" + i).config(BASE).embedder(new HashingEmbedder(64))
          .reasoner(step -> step.memory().recall(step.observation().text(), 1)
              .thenApply(r -> Decision.act(step.observation().text())))
          .executor(ActionExecutor.inline(action -> {
            if (action.step() % 2 == 1) {
              throw new IllegalStateException("odd step");
            }
            return null;
          })).build();
      members.add(FleetMember.of(spec, turns(i)));
    }
    FleetTurns kept = new FleetTurns();
    FleetResult result = Fleet.run(testKit.system(), members, FleetOptions.DEFAULT, kept)
        .toCompletableFuture().get(2, TimeUnit.MINUTES);

    assertThat(kept.all()).hasSize(80);
    assertThat(kept.byAgent()).hasSize(20).allSatisfy((agent, turns) ->
        assertThat(turns).extracting(TurnResult::turn).containsExactly(0, 1, 2, 3));
    GroupSummary group = result.group(FleetMember.DEFAULT_GROUP);
    assertThat(group.memory().reads()).as("one read per step").isEqualTo(20 * 20);
    assertThat(group.memory().writes()).isZero();
    assertThat(group.actionsFailed()).as("the odd steps whose action ran").isPositive()
        .isEqualTo(kept.all().stream().flatMap(t -> t.steps().stream())
            .filter(s -> s.action().status() == ActionStatus.FAILED).count());
  }

  /** Agents whose model fails once, at turn 1 step 2, each; the fleet sends that turn again. */
  private static List<FleetMember> failingOnce(int agents) {
    List<FleetMember> members = new ArrayList<>();
    for (int i = 0; i < agents; i++) {
      java.util.concurrent.atomic.AtomicBoolean failed = new java.util.concurrent.atomic.AtomicBoolean();
      AgentSpec spec = AgentSpec.builder("flaky-" + i).config(BASE).threshold(0.99).embedder(new HashingEmbedder(64))
          .reasoners(ctx -> new ScriptedReasoner(step -> {
            if (step.turn() == 1 && step.step() == 2 && failed.compareAndSet(false, true)) {
              throw new IllegalStateException("the model produced garbage");
            }
            return Decision.act(step.observation().text());
          })).build();
      members.add(FleetMember.of(spec, turns(i)));
    }
    return members;
  }

  @Test
  void should_send_an_aborted_turn_again_and_resume_it_without_running_a_step_twice() throws Exception {
    FleetTurns kept = new FleetTurns();
    FleetResult result = Fleet.run(testKit.system(), failingOnce(10), FleetOptions.DEFAULT, kept)
        .toCompletableFuture().get(2, TimeUnit.MINUTES);

    assertThat(result.abortedTurns()).isZero();
    assertThat(result.retriedTurns()).isEqualTo(10);
    GroupSummary group = result.group(FleetMember.DEFAULT_GROUP);
    assertThat(group.steps()).as("every observation one step, none twice").isEqualTo(10 * 20);
    assertThat(group.redundant()).as("as a fleet that never failed: no action run twice").isZero();
    assertThat(kept.byAgent()).allSatisfy((agent, turns) -> assertThat(turns.get(1).steps())
        .extracting(dev.memloop.runtime.step.StepRecord::step).containsExactly(0, 1, 2, 3, 4));

    FleetResult once = Fleet.run(testKit.system(), failingOnce(10), FleetOptions.DEFAULT.withRetries(0),
        FleetListener.NONE).toCompletableFuture().get(2, TimeUnit.MINUTES);
    assertThat(once.abortedTurns()).as("without retries the failures stay aborted").isEqualTo(10);
    assertThat(once.retriedTurns()).isZero();
  }

  @Test
  void should_send_a_turn_not_answered_in_time_again_and_take_the_answer_to_the_retry() throws Exception {
    CompletableFuture<Decision> stalled = new CompletableFuture<>();
    AtomicInteger decisions = new AtomicInteger();
    AgentSpec spec = AgentSpec.builder("stalled").config(BASE).embedder(new HashingEmbedder(64))
        .reasoner(step -> decisions.incrementAndGet() == 1 ? stalled // past the fleet's turn timeout
            : CompletableFuture.completedFuture(Decision.act(step.observation().text()))).build();
    TestProbe<Agent.Command> delivered = testKit.createTestProbe();
    // every message the agent gets is copied to the probe: the retry is seen arriving, no clock is read
    FleetMember member = new FleetMember("stalled", FleetMember.DEFAULT_GROUP,
        Behaviors.monitor(Agent.Command.class, delivered.ref(), Agent.create(spec)), turns(0).subList(0, 1));
    CompletionStage<FleetResult> run = Fleet.run(testKit.system(), List.of(member),
        new FleetOptions(Duration.ofMillis(500), 1, false, 5), FleetListener.NONE);
    Turn first = delivered.expectMessageClass(Agent.RunTurn.class).turn();
    assertThat(delivered.fishForMessage(Duration.ofSeconds(30), m -> m instanceof Agent.RunTurn retry
        ? FishingOutcomes.complete() : FishingOutcomes.continueAndIgnore()))
        .singleElement().satisfies(m -> assertThat(((Agent.RunTurn) m).turn()).as("the same turn").isEqualTo(first));
    stalled.complete(Decision.act(first.observations().get(0).text()));

    FleetResult result = run.toCompletableFuture().get(2, TimeUnit.MINUTES);
    assertThat(result.failure()).isNull();
    assertThat(result.abortedTurns()).isZero();
    assertThat(result.retriedTurns()).isPositive();
    assertThat(result.group(FleetMember.DEFAULT_GROUP).steps()).as("one turn of five steps, once").isEqualTo(5);
    assertThat(decisions.get()).as("each observation decided once").isEqualTo(5);
  }

  @Test
  void should_reject_empty_and_duplicate_fleets() {
    assertThatThrownBy(() -> Fleet.run(testKit.system(), List.of(), FleetOptions.DEFAULT, FleetListener.NONE))
        .hasMessageContaining("at least one member");
    FleetMember one = member(1, MemoryPolicyKind.NONE);
    assertThatThrownBy(() -> Fleet.run(testKit.system(), List.of(one, one), FleetOptions.DEFAULT, FleetListener.NONE))
        .hasMessageContaining("unique");
    assertThatThrownBy(() -> new FleetMember("has space", "g", one.behavior(), one.turns()))
        .hasMessageContaining("(an actor name): has space");
    assertThatThrownBy(() -> new FleetOptions(Duration.ZERO, 1, false)).hasMessageContaining("turn timeout must be > 0: 0s");
    assertThatThrownBy(() -> new FleetOptions(Duration.ofSeconds(1), 0, true)).hasMessageContaining("parallelism must be > 0: 0");
    assertThatThrownBy(() -> FleetOptions.DEFAULT.withRetries(-1)).hasMessageContaining("retries must be >= 0: -1");
    assertThatThrownBy(() -> FleetMember.of(null, one.turns())).hasMessageContaining("a fleet member needs its agent's spec");
  }
}
