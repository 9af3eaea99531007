package dev.memloop.runtime;

import static dev.memloop.runtime.TestAgents.config;
import static dev.memloop.runtime.TestAgents.line;
import static dev.memloop.runtime.TestAgents.spec;
import static dev.memloop.runtime.TestAgents.turn;
import static org.assertj.core.api.Assertions.assertThat;

import dev.memloop.memory.timing.ManualDelayTimer;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.reasoner.ScriptedReasoner;
import dev.memloop.runtime.step.Decision;
import dev.memloop.runtime.step.GuardOutcome;
import dev.memloop.runtime.step.StepRecord;
import dev.memloop.runtime.step.TurnResult;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.LogCapturingExtension;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(LogCapturingExtension.class)
class AgentPolicyTest {

  static final ActorTestKit testKit = ActorTestKit.create();

  @AfterAll
  static void shutdown() {
    testKit.shutdownTestKit();
  }

  @Test
  void should_guard_every_step_in_process_without_sending_a_message() {
    ManualDelayTimer timer = new ManualDelayTimer();
    ActorRef<Agent.Command> agent = testKit.spawn(Agent.create(spec("per-step",
        config(MemoryPolicyKind.PER_STEP, Duration.ofMillis(100), Duration.ZERO),
        ctx -> ScriptedReasoner.actOnEveryObservation(), timer)));
    TestProbe<TurnResult> results = testKit.createTestProbe();

    agent.tell(new Agent.RunTurn(turn(0, line(1), line(2), line(1), line(3), line(2)), results.ref()));
    TurnResult first = results.receiveMessage();
    agent.tell(new Agent.RunTurn(turn(1, line(3), line(4)), results.ref()));
    TurnResult second = results.receiveMessage();

    assertThat(first.hops()).as("a turn is one message in, one out").isZero();
    assertThat(second.hops()).isZero();
    assertThat(first.steps()).extracting(s -> s.guard().outcome()).containsExactly(GuardOutcome.MISS, GuardOutcome.MISS,
        GuardOutcome.HIT, GuardOutcome.MISS, GuardOutcome.HIT);
    assertThat(first.steps()).extracting(StepRecord::executed).containsExactly(true, true, false, true, false);
    assertThat(first.steps().get(2).guard().matchedLine()).isEqualTo(line(1));
    assertThat(second.steps()).extracting(s -> s.guard().outcome()).containsExactly(GuardOutcome.HIT, GuardOutcome.MISS);
    assertThat(status(agent).memorySize()).isEqualTo(4);
  }

  @Test
  void should_pin_the_store_at_turn_start_and_never_guard_within_a_turn() {
    ManualDelayTimer timer = new ManualDelayTimer();
    List<List<String>> pinnedSeen = new CopyOnWriteArrayList<>();
    ReasonerFactory recording = ctx -> new ScriptedReasoner(step -> {
      if (step.step() == 0) {
        pinnedSeen.add(step.pinned());
      }
      return Decision.act(step.observation().text());
    });
    ActorRef<Agent.Command> agent = testKit.spawn(Agent.create(spec("per-turn",
        config(MemoryPolicyKind.PER_TURN, Duration.ofMillis(100), Duration.ZERO), recording, timer)));
    TestProbe<TurnResult> results = testKit.createTestProbe();

    agent.tell(new Agent.RunTurn(turn(0, line(1), line(2), line(1)), results.ref()));
    TurnResult first = results.receiveMessage();
    assertThat(first.steps()).extracting(s -> s.guard().outcome()).containsOnly(GuardOutcome.NOT_APPLICABLE);
    assertThat(first.steps()).extracting(StepRecord::executed).as("the in-turn duplicate leaks").containsOnly(true);
    assertThat(status(agent).memorySize()).as("written at turn end").isEqualTo(3);

    agent.tell(new Agent.RunTurn(turn(1, line(2), line(5)), results.ref()));
    TurnResult second = results.receiveMessage();
    assertThat(second.steps()).extracting(s -> s.guard().outcome()).containsOnly(GuardOutcome.NOT_APPLICABLE);
    assertThat(pinnedSeen.get(0)).isEmpty();
    assertThat(pinnedSeen.get(1)).containsExactlyInAnyOrder(line(1), line(2), line(1));
    assertThat(second.hops()).isZero();
  }

  @Test
  void should_run_the_windowed_baseline_with_no_memory() {
    ActorRef<Agent.Command> agent = testKit.spawn(Agent.create(spec("none",
        config(MemoryPolicyKind.NONE, Duration.ofMillis(100), Duration.ZERO),
        ctx -> ScriptedReasoner.actOnEveryObservation(), new ManualDelayTimer())));
    TestProbe<TurnResult> results = testKit.createTestProbe();
    agent.tell(new Agent.RunTurn(turn(0, line(1), line(1)), results.ref()));
    TurnResult result = results.receiveMessage();
    assertThat(result.steps()).extracting(s -> s.guard().outcome()).containsOnly(GuardOutcome.NOT_APPLICABLE);
    assertThat(result.executed()).isEqualTo(2);
    assertThat(status(agent).memorySize()).isZero();
  }

  @Test
  void should_show_the_reasoner_only_the_last_exchanges_of_its_window() {
    List<Integer> visible = new CopyOnWriteArrayList<>();
    ReasonerFactory recording = ctx -> new ScriptedReasoner(step -> {
      visible.add(step.window().size());
      return Decision.act(step.observation().text());
    });
    ActorRef<Agent.Command> agent = testKit.spawn(Agent.create(spec("window",
        config(MemoryPolicyKind.NONE, Duration.ofMillis(100), Duration.ZERO), recording, new ManualDelayTimer())));
    TestProbe<TurnResult> results = testKit.createTestProbe();
    agent.tell(new Agent.RunTurn(turn(0, line(1), line(2), line(3), line(4), line(5), line(6)), results.ref()));
    results.receiveMessage();
    assertThat(visible).as("w = 4 exchanges = 8 messages").containsExactly(0, 2, 4, 6, 8, 8);
  }

  static Agent.Status status(ActorRef<Agent.Command> agent) {
    TestProbe<Agent.Status> probe = testKit.createTestProbe();
    agent.tell(new Agent.GetStatus(probe.ref()));
    return probe.receiveMessage();
  }
}
