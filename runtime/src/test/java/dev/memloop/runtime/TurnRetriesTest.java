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
import dev.memloop.runtime.step.StepRecord;
import dev.memloop.runtime.step.Turn;
import dev.memloop.runtime.step.TurnResult;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.LogCapturingExtension;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** A turn sent again (same index, same observations) never runs a step twice. */
@ExtendWith(LogCapturingExtension.class)
class TurnRetriesTest {

  static final ActorTestKit testKit = ActorTestKit.create();

  @AfterAll
  static void shutdown() {
    testKit.shutdownTestKit();
  }

  /** Counts the decisions per observation text. */
  private static ReasonerFactory counting(Map<String, AtomicInteger> decided) {
    return ctx -> new ScriptedReasoner(step -> {
      decided.computeIfAbsent(step.observation().text(), t -> new AtomicInteger()).incrementAndGet();
      return Decision.act(step.observation().text());
    });
  }

  @Test
  void should_answer_a_retry_of_an_answered_turn_from_its_record_without_running_it_again() {
    Map<String, AtomicInteger> decided = new ConcurrentHashMap<>();
    ActorRef<Agent.Command> agent = testKit.spawn(Agent.create(spec("answered", TestAgents.DEFAULTS,
        counting(decided), new ManualDelayTimer())));
    TestProbe<TurnResult> first = testKit.createTestProbe();
    TestProbe<TurnResult> retry = testKit.createTestProbe();
    Turn turn = turn(0, line(1), line(2));

    agent.tell(new Agent.RunTurn(turn, first.ref()));
    TurnResult answered = first.receiveMessage();
    agent.tell(new Agent.RunTurn(turn, retry.ref()));

    assertThat(retry.receiveMessage()).isSameAs(answered);
    assertThat(decided.get(line(1)).get()).as("decided once").isEqualTo(1);
    assertThat(decided.get(line(2)).get()).isEqualTo(1);
    assertThat(status(agent).turnsCompleted()).isEqualTo(1);
    testKit.stop(agent);
  }

  @Test
  void should_answer_a_retry_of_the_turn_in_flight_when_that_turn_ends() {
    CompletableFuture<Decision> held = new CompletableFuture<>();
    AtomicInteger decisions = new AtomicInteger();
    ReasonerFactory slow = ctx -> step -> {
      decisions.incrementAndGet();
      return held;
    };
    ActorRef<Agent.Command> agent = testKit.spawn(Agent.create(spec("in-flight", TestAgents.DEFAULTS, slow,
        new ManualDelayTimer())));
    TestProbe<TurnResult> first = testKit.createTestProbe();
    TestProbe<TurnResult> retry = testKit.createTestProbe();
    Turn turn = turn(0, line(1));

    agent.tell(new Agent.RunTurn(turn, first.ref()));
    agent.tell(new Agent.RunTurn(turn, retry.ref()));
    assertThat(status(agent).busy()).as("the retry waits for the turn, it does not queue a second run").isTrue();
    held.complete(Decision.act(line(1)));

    TurnResult answered = first.receiveMessage();
    assertThat(answered.aborted()).isFalse();
    assertThat(retry.receiveMessage()).isSameAs(answered);
    assertThat(decisions.get()).isEqualTo(1);
    assertThat(status(agent).turnsCompleted()).isEqualTo(1);
    testKit.stop(agent);
  }

  @ParameterizedTest
  @EnumSource(value = MemoryPolicyKind.class, names = {"PER_STEP", "PER_TURN"})
  void should_resume_a_retried_aborted_turn_at_the_step_that_failed(MemoryPolicyKind policy) {
    Map<String, AtomicInteger> decided = new ConcurrentHashMap<>();
    AtomicBoolean failed = new AtomicBoolean();
    ReasonerFactory flaky = ctx -> new ScriptedReasoner(step -> {
      decided.computeIfAbsent(step.observation().text(), t -> new AtomicInteger()).incrementAndGet();
      if (step.step() == 1 && failed.compareAndSet(false, true)) {
        throw new IllegalStateException("the model produced garbage at step 1");
      }
      return Decision.act(step.observation().text());
    });
    ActorRef<Agent.Command> agent = testKit.spawn(Agent.create(spec("resumed-" + policy,
        config(policy, Duration.ofMillis(100), Duration.ZERO), flaky, new ManualDelayTimer())));
    TestProbe<TurnResult> results = testKit.createTestProbe();
    Turn turn = turn(0, line(1), line(2), line(3));

    agent.tell(new Agent.RunTurn(turn, results.ref()));
    TurnResult aborted = results.receiveMessage();
    assertThat(aborted.aborted()).isTrue();
    assertThat(aborted.steps()).hasSize(1);
    agent.tell(new Agent.RunTurn(turn, results.ref()));
    TurnResult resumed = results.receiveMessage();

    assertThat(resumed.aborted()).isFalse();
    assertThat(resumed.steps()).extracting(StepRecord::step).containsExactly(0, 1, 2);
    assertThat(resumed.steps().get(0)).as("the step done before the failure is kept, not run again")
        .isSameAs(aborted.steps().get(0));
    assertThat(resumed.executed()).isEqualTo(3);
    assertThat(decided.get(line(1)).get()).isEqualTo(1);
    assertThat(decided.get(line(2)).get()).as("the failed step, decided again").isEqualTo(2);
    assertThat(decided.get(line(3)).get()).isEqualTo(1);
    Agent.Status status = status(agent);
    assertThat(status.turnsCompleted()).as("one turn, counted once").isEqualTo(1);
    assertThat(status.memorySize()).as("each action remembered once").isEqualTo(3);

    agent.tell(new Agent.RunTurn(turn(1, line(4)), results.ref()));
    assertThat(results.receiveMessage().aborted()).as("numbering goes on after the resumed turn").isFalse();
    testKit.stop(agent);
  }

  @Test
  void should_refuse_a_retry_of_an_aborted_turn_once_a_later_turn_was_sent() {
    AtomicBoolean failed = new AtomicBoolean();
    ReasonerFactory flaky = ctx -> new ScriptedReasoner(step -> {
      if (step.turn() == 0 && failed.compareAndSet(false, true)) {
        throw new IllegalStateException("garbage");
      }
      return Decision.act(step.observation().text());
    });
    ActorRef<Agent.Command> agent = testKit.spawn(Agent.create(spec("moved-on", TestAgents.DEFAULTS, flaky,
        new ManualDelayTimer())));
    TestProbe<TurnResult> results = testKit.createTestProbe();
    Turn turn = turn(0, line(1));
    agent.tell(new Agent.RunTurn(turn, results.ref()));
    assertThat(results.receiveMessage().aborted()).isTrue();
    agent.tell(new Agent.RunTurn(turn(1, line(2)), results.ref()));
    assertThat(results.receiveMessage().aborted()).isFalse();

    agent.tell(new Agent.RunTurn(turn, results.ref()));
    assertThat(results.receiveMessage()).satisfies(r -> {
      assertThat(r.aborted()).isTrue();
      assertThat(r.steps()).isEmpty();
      assertThat(r.failure()).startsWith("turn index 0 repeats an earlier turn: agent moved-on expects turn 2");
    });
    testKit.stop(agent);
  }

  private static Agent.Status status(ActorRef<Agent.Command> agent) {
    TestProbe<Agent.Status> probe = testKit.createTestProbe();
    agent.tell(new Agent.GetStatus(probe.ref()));
    return probe.receiveMessage();
  }
}
