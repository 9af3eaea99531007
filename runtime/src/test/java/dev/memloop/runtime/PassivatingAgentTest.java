package dev.memloop.runtime;

import static dev.memloop.runtime.TestAgents.config;
import static dev.memloop.runtime.TestAgents.line;
import static dev.memloop.runtime.TestAgents.spec;
import static dev.memloop.runtime.TestAgents.turn;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.typesafe.config.ConfigFactory;
import dev.memloop.memory.MemoryItem;
import dev.memloop.memory.timing.ManualDelayTimer;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.reasoner.ScriptedReasoner;
import dev.memloop.runtime.step.GuardOutcome;
import dev.memloop.runtime.step.TurnResult;
import java.time.Duration;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.ManualTime;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** Idle agents stopped and kept compact, brought back by their next turn with what they learned. */
class PassivatingAgentTest {

  static final ActorTestKit testKit = ActorTestKit.create(ManualTime.config().withFallback(ConfigFactory.load()));
  static final ManualTime time = ManualTime.get(testKit.system());
  static final Duration IDLE = Duration.ofMinutes(5);

  @AfterAll
  static void shutdown() {
    testKit.shutdownTestKit();
  }

  private static AgentSpec perStep(String id) {
    return spec(id, config(MemoryPolicyKind.PER_STEP, Duration.ofMillis(100), Duration.ZERO),
        ctx -> ScriptedReasoner.actOnEveryObservation(), new ManualDelayTimer());
  }

  @Test
  void should_passivate_an_idle_agent_and_bring_it_back_with_its_memory_on_its_next_turn() {
    Passivation passivation = Passivation.after(IDLE);
    ActorRef<Agent.Command> agent = testKit.spawn(PassivatingAgent.create(perStep("idle-1"), passivation));
    TestProbe<TurnResult> results = testKit.createTestProbe();
    agent.tell(new Agent.RunTurn(turn(0, line(1), line(2), line(3)), results.ref()));
    results.receiveMessage();

    time.timePasses(IDLE);
    await().until(() -> passivation.tally().passiveNow() == 1);
    assertThat(passivation.tally().keptVectorBytes()).as("3 items, 2 bytes a component")
        .isEqualTo(3L * 2 * TestAgents.EMBEDDER.dimension());

    TestProbe<Agent.Status> status = testKit.createTestProbe();
    agent.tell(new Agent.GetStatus(status.ref()));
    Agent.Status passive = status.receiveMessage();
    assertThat(passive.turnsCompleted()).isEqualTo(1);
    assertThat(passive.memorySize()).isEqualTo(3);
    TestProbe<AgentSnapshot> snapshots = testKit.createTestProbe();
    agent.tell(new Agent.GetSnapshot(snapshots.ref()));
    assertThat(snapshots.receiveMessage().items()).extracting(MemoryItem::text)
        .containsExactly(line(1), line(2), line(3));
    assertThat(passivation.tally().restores()).as("status and snapshot answered without waking the agent").isZero();

    agent.tell(new Agent.RunTurn(turn(1, line(2), line(4)), results.ref()));
    TurnResult back = results.receiveMessage();
    assertThat(back.aborted()).isFalse();
    assertThat(back.steps()).extracting(s -> s.guard().outcome()).containsExactly(GuardOutcome.HIT, GuardOutcome.MISS);
    assertThat(passivation.tally().restores()).isEqualTo(1);
    assertThat(passivation.tally().itemsRestored()).isEqualTo(3);
    assertThat(passivation.tally().passiveNow()).isZero();
    agent.tell(new Agent.GetStatus(status.ref()));
    assertThat(status.receiveMessage().turnsCompleted()).as("the turn count carried on").isEqualTo(2);

    time.timePasses(IDLE);
    await().until(() -> passivation.tally().passivations() == 2);
    agent.tell(new Agent.GetSnapshot(snapshots.ref()));
    assertThat(snapshots.receiveMessage().items()).as("the item learned after the restore is kept too").hasSize(4);
  }

  @Test
  void should_keep_an_agent_up_while_turns_keep_coming() {
    Passivation passivation = Passivation.after(IDLE);
    ActorRef<Agent.Command> agent = testKit.spawn(PassivatingAgent.create(perStep("busy-1"), passivation));
    TestProbe<TurnResult> results = testKit.createTestProbe();
    for (int t = 0; t < 4; t++) {
      time.timePasses(IDLE.dividedBy(2));
      agent.tell(new Agent.RunTurn(turn(t, line(t)), results.ref()));
      results.receiveMessage();
    }
    TestProbe<Agent.Status> status = testKit.createTestProbe();
    agent.tell(new Agent.GetStatus(status.ref()));
    assertThat(status.receiveMessage().turnsCompleted()).isEqualTo(4);
    assertThat(passivation.tally().passivations()).as("never idle for a whole timeout").isZero();
  }

  @Test
  void should_not_passivate_an_agent_whose_turn_is_waiting_on_its_store() {
    ManualDelayTimer storeDelay = new ManualDelayTimer();
    Passivation passivation = Passivation.after(IDLE);
    AgentSpec networked = spec("waiting-1", config(MemoryPolicyKind.NETWORKED, Duration.ofMillis(100),
        Duration.ofMillis(30)), ctx -> ScriptedReasoner.actOnEveryObservation(), storeDelay);
    ActorRef<Agent.Command> agent = testKit.spawn(PassivatingAgent.create(networked, passivation));
    TestProbe<TurnResult> results = testKit.createTestProbe();
    agent.tell(new Agent.RunTurn(turn(0, line(7)), results.ref()));
    await().until(() -> storeDelay.pending() == 2); // the lookup's timeout and the store's delayed reply

    time.timePasses(IDLE); // the idle check finds the agent busy
    TestProbe<Agent.Status> status = testKit.createTestProbe();
    agent.tell(new Agent.GetStatus(status.ref()));
    assertThat(status.receiveMessage().busy()).isTrue();
    storeDelay.advance(Duration.ofMillis(30));
    assertThat(results.receiveMessage().aborted()).as("the turn in flight ran to its end").isFalse();
    await().until(() -> storeDelay.pending() == 1); // the write's delayed acknowledgement
    storeDelay.advance(Duration.ofMillis(30));
    assertThat(passivation.tally().passivations()).isZero();

    time.timePasses(IDLE); // idle now: passivated once its write is acknowledged
    await().until(() -> passivation.tally().passivations() == 1);
    agent.tell(new Agent.RunTurn(turn(1, line(7)), results.ref()));
    await().until(() -> storeDelay.pending() == 2);
    storeDelay.advance(Duration.ofMillis(30));
    TurnResult back = results.receiveMessage();
    assertThat(back.steps()).extracting(s -> s.guard().outcome()).containsExactly(GuardOutcome.HIT);
  }

  @Test
  void should_stop_a_passive_agent_without_waking_it() {
    Passivation passivation = Passivation.after(IDLE);
    ActorRef<Agent.Command> agent = testKit.spawn(PassivatingAgent.create(perStep("stop-1"), passivation));
    TestProbe<TurnResult> results = testKit.createTestProbe();
    agent.tell(new Agent.RunTurn(turn(0, line(1)), results.ref()));
    results.receiveMessage();
    time.timePasses(IDLE);
    await().until(() -> passivation.tally().passiveNow() == 1);
    agent.tell(Agent.Stop.INSTANCE);
    results.expectTerminated(agent);
    assertThat(passivation.tally().restores()).isZero();
  }

  @Test
  void should_refuse_bad_settings_naming_the_value() {
    assertThatThrownBy(() -> Passivation.after(Duration.ZERO))
        .hasMessage("passivation idle timeout must be > 0 and <= 365d: 0s");
    assertThatThrownBy(() -> Passivation.after(Duration.ofDays(400)))
        .hasMessageStartingWith("passivation idle timeout must be > 0 and <= 365d: ");
    assertThatThrownBy(() -> new Passivation(IDLE, null))
        .hasMessage("passivation needs a tally (new PassivationTally())");
    assertThatThrownBy(() -> PassivatingAgent.create(perStep("a"), AgentSnapshot.empty("b"), Passivation.after(IDLE)))
        .hasMessage("snapshot of b given to agent a");
  }
}
