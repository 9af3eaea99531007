package dev.memloop.runtime;

import static dev.memloop.runtime.TestAgents.builder;
import static dev.memloop.runtime.TestAgents.config;
import static dev.memloop.runtime.TestAgents.line;
import static dev.memloop.runtime.TestAgents.turn;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.memloop.memory.timing.ManualDelayTimer;
import dev.memloop.runtime.config.ActionSettings;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.reasoner.ScriptedReasoner;
import dev.memloop.runtime.step.ActionRun;
import dev.memloop.runtime.step.ActionStatus;
import dev.memloop.runtime.step.GuardOutcome;
import dev.memloop.runtime.step.MemoryOutcome;
import dev.memloop.runtime.step.StepRecord;
import dev.memloop.runtime.step.TurnResult;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.LogCapturingExtension;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Actions that run: the executor's success, failure, retries and timeout, and what the guard remembers of each. */
@ExtendWith(LogCapturingExtension.class)
class ActionExecutorTest {

  static final ActorTestKit testKit = ActorTestKit.create();

  @AfterAll
  static void shutdown() {
    testKit.shutdownTestKit();
  }

  static final ReasonerFactory ACT = ctx -> ScriptedReasoner.actOnEveryObservation();

  static AgentConfig perStep(int retries, Duration backoff, Duration timeout) {
    return config(MemoryPolicyKind.PER_STEP, Duration.ofMillis(100), Duration.ZERO)
        .withActions(new ActionSettings(ActionSettings.ACTION_DISPATCHER, timeout, retries, backoff));
  }

  TurnResult run(AgentSpec spec, String... lines) {
    ActorRef<Agent.Command> agent = testKit.spawn(Agent.create(spec));
    TestProbe<TurnResult> results = testKit.createTestProbe();
    agent.tell(new Agent.RunTurn(turn(0, lines), results.ref()));
    return results.receiveMessage();
  }

  @Test
  void should_run_an_allowed_action_record_its_output_and_remember_it_only_then() {
    List<String> ran = new CopyOnWriteArrayList<>();
    ActionExecutor executor = ActionExecutor.inline(action -> {
      ran.add(action.line());
      return "ticket " + ran.size();
    });
    TurnResult result = run(builder("inline", perStep(0, Duration.ZERO, Duration.ofSeconds(1)), ACT,
        new ManualDelayTimer()).executor(executor).build(), line(1), line(1));

    assertThat(ran).as("the repeat was blocked before it ran").containsExactly(line(1));
    StepRecord first = result.steps().get(0);
    assertThat(first.action()).isEqualTo(new ActionRun(ActionStatus.DONE, 1, "ticket 1", null, 0));
    assertThat(first.remembered()).isEqualTo(MemoryOutcome.STORED);
    assertThat(result.steps().get(1).guard().outcome()).isEqualTo(GuardOutcome.HIT);
    assertThat(result.steps().get(1).action().status()).isEqualTo(ActionStatus.NOT_RUN);
    assertThat(result.hops()).as("an inline action keeps the turn one message").isZero();
  }

  @Test
  void should_record_a_failed_action_with_its_error_and_not_remember_it() {
    ActionExecutor failing = ActionExecutor.inline(action -> {
      throw new IllegalStateException("ticket system down");
    });
    TurnResult result = run(builder("failing", perStep(0, Duration.ZERO, Duration.ofSeconds(1)), ACT,
        new ManualDelayTimer()).executor(failing).build(), line(1), line(1));

    assertThat(result.aborted()).as("the agent goes on").isFalse();
    assertThat(result.steps()).extracting(s -> s.action().status()).containsExactly(ActionStatus.FAILED,
        ActionStatus.FAILED);
    assertThat(result.steps().get(0).action().error()).contains("ticket system down");
    assertThat(result.steps()).extracting(s -> s.guard().outcome()).as("nothing was remembered, so no hit")
        .containsExactly(GuardOutcome.MISS, GuardOutcome.MISS);
    assertThat(result.steps()).extracting(StepRecord::remembered).containsOnlyNulls();
    assertThat(result.executed()).isZero();
  }

  @Test
  void should_retry_a_failed_action_as_configured_and_report_its_attempts() {
    AtomicInteger calls = new AtomicInteger();
    ActionExecutor flaky = ActionExecutor.inline(action -> {
      if (calls.incrementAndGet() < 3) {
        throw new IllegalStateException("try again");
      }
      return "done on attempt " + calls.get();
    });
    TurnResult result = run(builder("flaky", perStep(2, Duration.ZERO, Duration.ofSeconds(1)), ACT,
        new ManualDelayTimer()).executor(flaky).build(), line(1));
    assertThat(result.steps().get(0).action().status()).isEqualTo(ActionStatus.DONE);
    assertThat(result.steps().get(0).action().attempts()).isEqualTo(3);
    assertThat(result.steps().get(0).action().output()).isEqualTo("done on attempt 3");
  }

  @Test
  void should_wait_a_retry_s_backoff_on_the_timer_and_report_the_last_error_when_every_attempt_fails() {
    ManualDelayTimer timer = new ManualDelayTimer();
    AtomicInteger calls = new AtomicInteger();
    ActionExecutor down = ActionExecutor.inline(action -> {
      throw new IllegalStateException("down, attempt " + calls.incrementAndGet());
    });
    ActorRef<Agent.Command> agent = testKit.spawn(Agent.create(builder("backoff",
        perStep(1, Duration.ofMillis(200), Duration.ofSeconds(1)), ACT, timer).executor(down).build()));
    TestProbe<TurnResult> results = testKit.createTestProbe();
    agent.tell(new Agent.RunTurn(turn(0, line(1)), results.ref()));
    await().until(() -> timer.pending() == 1); // the backoff
    assertThat(calls.get()).isEqualTo(1);
    timer.advance(Duration.ofMillis(200));
    ActionRun run = results.receiveMessage().steps().get(0).action();
    assertThat(run.status()).isEqualTo(ActionStatus.FAILED);
    assertThat(run.attempts()).isEqualTo(2);
    assertThat(run.error()).contains("down, attempt 2");
    assertThat(run.nanos()).as("the backoff is part of the action's time").isEqualTo(Duration.ofMillis(200).toNanos());
  }

  @Test
  void should_run_an_async_action_on_the_action_dispatcher_never_the_default_one() {
    List<String> threads = new CopyOnWriteArrayList<>();
    ActionExecutor async = ActionExecutor.async(action -> {
      threads.add(Thread.currentThread().getName());
      return "sent";
    });
    TurnResult result = run(builder("async", perStep(0, Duration.ZERO, Duration.ofSeconds(30)), ACT,
        new ManualDelayTimer()).executor(async).build(), line(1), line(2));

    assertThat(threads).hasSize(2).allSatisfy(name -> assertThat(name).contains("memloop.action-dispatcher")
        .doesNotContain("default-dispatcher"));
    assertThat(result.steps()).extracting(s -> s.action().status()).containsOnly(ActionStatus.DONE);
  }

  @Test
  void should_record_an_action_that_never_answers_as_timed_out_and_go_on() {
    ManualDelayTimer timer = new ManualDelayTimer();
    CompletableFuture<String> never = new CompletableFuture<>();
    AtomicInteger calls = new AtomicInteger();
    ActionExecutor hanging = (action, dispatcher) -> calls.incrementAndGet() == 1 ? never
        : CompletableFuture.completedFuture("ok");
    ActorRef<Agent.Command> agent = testKit.spawn(Agent.create(builder("hanging",
        perStep(3, Duration.ZERO, Duration.ofSeconds(5)), ACT, timer).executor(hanging).build()));
    TestProbe<TurnResult> results = testKit.createTestProbe();
    agent.tell(new Agent.RunTurn(turn(0, line(1), line(1)), results.ref()));
    await().until(() -> timer.pending() == 1); // the action's timeout
    timer.advance(Duration.ofSeconds(5));
    TurnResult result = results.receiveMessage();

    assertThat(result.steps().get(0).action().status()).isEqualTo(ActionStatus.TIMED_OUT);
    assertThat(result.steps().get(0).action().attempts()).as("a timed-out attempt is not retried").isEqualTo(1);
    assertThat(result.steps().get(0).action().error()).contains("no answer within 5s");
    assertThat(result.steps().get(1).guard().outcome()).as("not remembered: the repeat runs").isEqualTo(GuardOutcome.MISS);
    assertThat(result.steps().get(1).action().status()).isEqualTo(ActionStatus.DONE);
    never.complete("too late");
    assertThat(AgentPolicyTest.status(agent).memorySize()).as("the late answer changed nothing").isEqualTo(1);
  }

  @Test
  void should_fail_an_action_whose_dispatcher_is_missing_naming_the_key() {
    AgentConfig missing = perStep(0, Duration.ZERO, Duration.ofSeconds(1))
        .withActions(new ActionSettings("no.such.dispatcher", Duration.ofSeconds(1), 0, Duration.ZERO));
    TurnResult result = run(builder("missing", missing, ACT, new ManualDelayTimer())
        .executor(ActionExecutor.async(action -> "never")).build(), line(1));
    assertThat(result.steps().get(0).action().status()).isEqualTo(ActionStatus.FAILED);
    assertThat(result.steps().get(0).action().error())
        .contains("memloop.agent.actions.dispatcher = no.such.dispatcher: the actor system's config has no such dispatcher");
  }
}
