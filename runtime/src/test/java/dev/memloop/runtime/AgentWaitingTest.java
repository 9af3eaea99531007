package dev.memloop.runtime;

import static dev.memloop.runtime.TestAgents.config;
import static dev.memloop.runtime.TestAgents.line;
import static dev.memloop.runtime.TestAgents.spec;
import static dev.memloop.runtime.TestAgents.turn;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.memloop.memory.actor.MemoryStore;
import dev.memloop.memory.timing.ManualDelayTimer;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.step.Decision;
import dev.memloop.runtime.step.GuardOutcome;
import dev.memloop.runtime.step.StepRecord;
import dev.memloop.runtime.step.TurnResult;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.LogCapturingExtension;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Networked lookups and asynchronous reasoners: the agent waits on messages, never on a blocked thread. */
@ExtendWith(LogCapturingExtension.class)
class AgentWaitingTest {

  static final ActorTestKit testKit = ActorTestKit.create();

  @AfterAll
  static void shutdown() {
    testKit.shutdownTestKit();
  }

  @Test
  void should_answer_while_a_networked_lookup_waits_for_its_round_trip() {
    ManualDelayTimer timer = new ManualDelayTimer();
    ActorRef<Agent.Command> agent = testKit.spawn(Agent.create(spec("networked",
        config(MemoryPolicyKind.NETWORKED, Duration.ofMillis(100), Duration.ofMillis(30)),
        ctx -> dev.memloop.runtime.reasoner.ScriptedReasoner.actOnEveryObservation(), timer)));
    TestProbe<TurnResult> results = testKit.createTestProbe();

    agent.tell(new Agent.RunTurn(turn(0, line(1)), results.ref()));
    await().until(() -> timer.pending() == 2); // the agent's timeout and the store's delayed reply
    TestProbe<Agent.Status> status = testKit.createTestProbe();
    agent.tell(new Agent.GetStatus(status.ref()));
    assertThat(status.receiveMessage().busy()).as("waiting, yet answering").isTrue();

    timer.advance(Duration.ofMillis(30));
    TurnResult result = results.receiveMessage();
    StepRecord step = result.steps().get(0);
    assertThat(step.guard().outcome()).isEqualTo(GuardOutcome.MISS);
    assertThat(step.guard().cost().delayNanos()).isEqualTo(Duration.ofMillis(30).toNanos());
    assertThat(step.guard().cost().chargedNanos()).isEqualTo(Duration.ofMillis(30).toNanos());
    assertThat(step.guard().cost().answeredLater()).as("the store's reply came as a message of its own").isTrue();
    assertThat(step.guard().cost().offCpuNanos()).as("not read for a lookup answered later").isEqualTo(-1);
    assertThat(result.spentNanos()).isEqualTo(Duration.ofMillis(30).toNanos());
    assertThat(result.hops()).as("one lookup, one write").isEqualTo(2);
  }

  @Test
  void should_run_a_lost_lookup_unguarded_once_the_budget_is_spent() {
    ManualDelayTimer timer = new ManualDelayTimer();
    TestProbe<MemoryStore.Command> silentStore = testKit.createTestProbe();
    ActorRef<Agent.Command> agent = testKit.spawn(Agent.create(spec("lost",
        config(MemoryPolicyKind.NETWORKED, Duration.ofMillis(100), Duration.ofMillis(30)),
        ctx -> dev.memloop.runtime.reasoner.ScriptedReasoner.actOnEveryObservation(), timer, silentStore.ref())));
    TestProbe<TurnResult> results = testKit.createTestProbe();

    agent.tell(new Agent.RunTurn(turn(0, line(1), line(2)), results.ref()));
    silentStore.expectMessageClass(MemoryStore.Search.class);
    await().until(() -> timer.pending() == 1);
    timer.advance(Duration.ofMillis(100)); // the timeout sits at the end of the remaining budget
    TurnResult result = results.receiveMessage();
    assertThat(result.steps()).extracting(s -> s.guard().outcome())
        .containsExactly(GuardOutcome.TIMED_OUT, GuardOutcome.UNAFFORDABLE);
    assertThat(result.steps()).extracting(StepRecord::executed).containsExactly(true, true);
    assertThat(result.spentNanos()).isEqualTo(Duration.ofMillis(100).toNanos());
  }

  @Test
  void should_queue_turns_that_arrive_while_one_runs_and_answer_them_in_order() {
    ConcurrentLinkedQueue<CompletableFuture<Decision>> pending = new ConcurrentLinkedQueue<>();
    ReasonerFactory async = ctx -> step -> {
      CompletableFuture<Decision> answer = new CompletableFuture<>();
      pending.add(answer);
      return answer;
    };
    ActorRef<Agent.Command> agent = testKit.spawn(Agent.create(spec("queued",
        config(MemoryPolicyKind.PER_STEP, Duration.ofMillis(100), Duration.ZERO), async, new ManualDelayTimer())));
    TestProbe<TurnResult> results = testKit.createTestProbe();
    for (int t = 0; t < 3; t++) {
      agent.tell(new Agent.RunTurn(turn(t, line(t)), results.ref()));
    }
    for (int t = 0; t < 3; t++) {
      await().until(() -> pending.size() == 1);
      pending.poll().complete(Decision.act(line(0))); // every turn proposes the same action
    }
    assertThat(results.receiveMessage().steps().get(0).guard().outcome()).isEqualTo(GuardOutcome.MISS);
    TurnResult second = results.receiveMessage();
    TurnResult third = results.receiveMessage();
    assertThat(second.turn()).isEqualTo(1);
    assertThat(third.turn()).isEqualTo(2);
    assertThat(second.steps().get(0).guard().outcome()).isEqualTo(GuardOutcome.HIT);
  }

  @Test
  void should_wait_for_an_asynchronous_reasoner_without_blocking() {
    ConcurrentLinkedQueue<CompletableFuture<Decision>> pending = new ConcurrentLinkedQueue<>();
    ReasonerFactory async = ctx -> step -> {
      CompletableFuture<Decision> answer = new CompletableFuture<>();
      pending.add(answer);
      return answer.thenApplyAsync(d -> d, ctx.blocking()); // completes on the blocking dispatcher
    };
    ActorRef<Agent.Command> agent = testKit.spawn(Agent.create(spec("async",
        config(MemoryPolicyKind.PER_STEP, Duration.ofMillis(100), Duration.ZERO), async, new ManualDelayTimer())));
    TestProbe<TurnResult> results = testKit.createTestProbe();
    agent.tell(new Agent.RunTurn(turn(0, line(1), line(1)), results.ref()));

    await().until(() -> pending.size() == 1);
    TestProbe<Agent.Status> status = testKit.createTestProbe();
    agent.tell(new Agent.GetStatus(status.ref()));
    assertThat(status.receiveMessage().busy()).isTrue();
    pending.poll().complete(Decision.act(line(1)));
    await().until(() -> pending.size() == 1);
    pending.poll().complete(Decision.act(line(1)));

    TurnResult result = results.receiveMessage();
    assertThat(result.steps()).extracting(s -> s.guard().outcome()).containsExactly(GuardOutcome.MISS, GuardOutcome.HIT);
    assertThat(result.hops()).as("each answer came back as a message").isEqualTo(2);
  }
}
