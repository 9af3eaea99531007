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
import dev.memloop.runtime.step.TurnResult;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.LogCapturingExtension;
import org.apache.pekko.actor.testkit.typed.javadsl.LoggingTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

@ExtendWith(LogCapturingExtension.class)
class AgentSupervisionTest {

  static final ActorTestKit testKit = ActorTestKit.create();

  @AfterAll
  static void shutdown() {
    testKit.shutdownTestKit();
  }

  @ParameterizedTest
  @EnumSource(value = MemoryPolicyKind.class, names = {"PER_STEP", "PER_TURN"})
  void should_restart_a_failed_step_and_keep_the_memory(MemoryPolicyKind policy) {
    AtomicBoolean failed = new AtomicBoolean();
    ReasonerFactory flaky = ctx -> new ScriptedReasoner(step -> {
      if (step.turn() == 1 && step.step() == 1 && failed.compareAndSet(false, true)) {
        throw new IllegalStateException("the model produced garbage at turn 1, step 1");
      }
      return Decision.act(step.observation().text());
    });
    ActorRef<Agent.Command> agent = testKit.spawn(Agent.create(spec("flaky-" + policy,
        config(policy, Duration.ofMillis(100), Duration.ZERO), flaky, new ManualDelayTimer())));
    TestProbe<TurnResult> results = testKit.createTestProbe();

    agent.tell(new Agent.RunTurn(turn(0, line(1), line(2)), results.ref()));
    assertThat(results.receiveMessage().aborted()).isFalse();
    // the failure is logged as one warning line with its cause, the agent and the turn in its MDC, and the step the
    // failing message began at (this agent's steps run in one message: it began at step 0); no error, no stack trace
    String id = "flaky-" + policy;
    TurnResult aborted = LoggingTestKit.error(IllegalStateException.class).withOccurrences(0).expect(testKit.system(),
        () -> LoggingTestKit.warn("step failed, the agent restarts and answers the turn as aborted: "
            + "java.lang.IllegalStateException: the model produced garbage at turn 1, step 1")
        .withMdc(Map.of(Agent.MDC_AGENT, id, Agent.MDC_TURN, "1", Agent.MDC_STEP, "0"))
        .expect(testKit.system(), () -> {
          agent.tell(new Agent.RunTurn(turn(1, line(3), line(4)), results.ref()));
          return results.receiveMessage();
        }));
    assertThat(aborted.aborted()).isTrue();
    assertThat(aborted.failure()).contains("the model produced garbage at turn 1, step 1");
    assertThat(aborted.steps()).hasSize(1);
    assertThat(aborted.restarts()).isEqualTo(1);

    agent.tell(new Agent.RunTurn(turn(2, line(1), line(5)), results.ref()));
    TurnResult after = results.receiveMessage();
    assertThat(after.aborted()).isFalse();
    assertThat(after.restarts()).isEqualTo(1);
    if (policy == MemoryPolicyKind.PER_STEP) {
      assertThat(after.steps().get(0).guard().outcome()).as("remembered across the restart").isEqualTo(GuardOutcome.HIT);
      assertThat(after.steps().get(0).guard().cost().answeredLater()).as("in process: answered in the asking message")
          .isFalse();
    }
    TestProbe<Agent.Status> status = testKit.createTestProbe();
    agent.tell(new Agent.GetStatus(status.ref()));
    Agent.Status s = status.receiveMessage();
    assertThat(s.restarts()).isEqualTo(1);
    assertThat(s.memorySize()).as("turn 0's two lines survived").isGreaterThanOrEqualTo(2);
  }
}
