package dev.memloop.runtime;

import static dev.memloop.runtime.TestAgents.config;
import static dev.memloop.runtime.TestAgents.spec;
import static dev.memloop.runtime.TestAgents.turn;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.memloop.memory.timing.ManualDelayTimer;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.step.Decision;
import dev.memloop.runtime.step.MemoryCall;
import dev.memloop.runtime.step.MemoryOp;
import dev.memloop.runtime.step.MemoryOutcome;
import dev.memloop.runtime.step.MemoryPath;
import dev.memloop.runtime.step.StepEndedException;
import dev.memloop.runtime.step.StepMemory;
import dev.memloop.runtime.step.StepRecord;
import dev.memloop.runtime.step.TurnResult;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.LogCapturingExtension;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** One scripted reasoner against each policy's memory handle: what its reads see, what they cost, what is recorded. */
@ExtendWith(LogCapturingExtension.class)
class StepMemoryTest {

  static final ActorTestKit testKit = ActorTestKit.create();

  @AfterAll
  static void shutdown() {
    testKit.shutdownTestKit();
  }

  /**
   * Recalls the observation's text (k = 1), notes how many items came back, then remembers the text and skips: so
   * each step shows whether the writes of earlier steps are visible to it.
   */
  static ReasonerFactory recallThenRemember(List<Integer> found) {
    return ctx -> step -> step.memory().recall(step.observation().text(), 1).thenCompose(recalled -> {
      found.add(recalled.items().size());
      return step.memory().remember(step.observation().text());
    }).thenApply(remembered -> Decision.skip(step.observation().text(), Decision.Recognition.NONE));
  }

  TurnResult run(ActorRef<Agent.Command> agent, int index, String... lines) {
    TestProbe<TurnResult> results = testKit.createTestProbe();
    agent.tell(new Agent.RunTurn(turn(index, lines), results.ref()));
    return results.receiveMessage();
  }

  ActorRef<Agent.Command> agent(String id, MemoryPolicyKind policy, ReasonerFactory reasoner) {
    return testKit.spawn(Agent.create(spec(id, config(policy, Duration.ofMillis(100), Duration.ZERO), reasoner,
        new ManualDelayTimer())));
  }

  @Test
  void should_show_a_per_step_reasoner_this_turn_s_earlier_writes_in_one_message() {
    List<Integer> found = new CopyOnWriteArrayList<>();
    ActorRef<Agent.Command> agent = agent("per-step", MemoryPolicyKind.PER_STEP, recallThenRemember(found));
    TurnResult first = run(agent, 0, "disk full on db-1", "disk full on db-1");
    TurnResult second = run(agent, 1, "disk full on db-1");

    assertThat(found).as("the second step sees the first step's write").containsExactly(0, 1, 1);
    assertThat(first.hops()).as("a turn with memory calls is still one message in, one out").isZero();
    StepRecord step = first.steps().get(0);
    assertThat(step.memory()).extracting(MemoryCall::op).containsExactly(MemoryOp.RECALL, MemoryOp.REMEMBER);
    assertThat(step.memory()).extracting(MemoryCall::path).containsOnly(MemoryPath.DIRECT);
    assertThat(step.memory()).extracting(MemoryCall::outcome).containsExactly(MemoryOutcome.ANSWERED,
        MemoryOutcome.STORED);
    assertThat(second.steps().get(0).memory().get(0).outcome()).isEqualTo(MemoryOutcome.ANSWERED);
  }

  @Test
  void should_answer_a_per_turn_reasoner_from_the_turn_start_snapshot_and_hold_its_writes_to_the_turn_s_end() {
    List<Integer> found = new CopyOnWriteArrayList<>();
    ActorRef<Agent.Command> agent = agent("per-turn", MemoryPolicyKind.PER_TURN, recallThenRemember(found));
    TurnResult first = run(agent, 0, "disk full on db-1", "disk full on db-1");
    assertThat(AgentPolicyTest.status(agent).memorySize()).as("both held writes landed at the turn's end").isEqualTo(2);
    run(agent, 1, "disk full on db-1");

    assertThat(found).as("this turn's write is seen from the next turn on").containsExactly(0, 0, 1);
    StepRecord step = first.steps().get(0);
    assertThat(step.memory()).extracting(MemoryCall::path).containsExactly(MemoryPath.SNAPSHOT, MemoryPath.BUFFER);
    assertThat(step.memory().get(1).outcome()).isEqualTo(MemoryOutcome.BUFFERED);
    assertThat(first.writesRefused()).isZero();
  }

  @Test
  void should_send_a_networked_reasoner_s_calls_to_its_store_and_see_earlier_writes_after_the_round_trip() {
    List<Integer> found = new CopyOnWriteArrayList<>();
    ActorRef<Agent.Command> agent = agent("networked", MemoryPolicyKind.NETWORKED, recallThenRemember(found));
    TurnResult first = run(agent, 0, "disk full on db-1", "disk full on db-1");

    assertThat(found).containsExactly(0, 1);
    assertThat(first.steps().get(0).memory()).extracting(MemoryCall::path).containsOnly(MemoryPath.STORE);
    assertThat(first.steps().get(1).memory()).extracting(MemoryCall::outcome).containsExactly(MemoryOutcome.ANSWERED,
        MemoryOutcome.STORED);
    assertThat(first.hops()).as("four requests sent, two decisions waited for").isEqualTo(6);
  }

  @Test
  void should_give_a_memoryless_reasoner_empty_reads_and_refuse_its_writes_recording_both() {
    List<Integer> found = new CopyOnWriteArrayList<>();
    ActorRef<Agent.Command> agent = agent("none", MemoryPolicyKind.NONE, recallThenRemember(found));
    TurnResult first = run(agent, 0, "disk full on db-1", "disk full on db-1");

    assertThat(found).containsExactly(0, 0);
    assertThat(first.steps().get(1).memory()).extracting(MemoryCall::outcome).containsExactly(MemoryOutcome.NO_MEMORY,
        MemoryOutcome.NO_MEMORY);
    assertThat(first.steps().get(1).memory()).extracting(MemoryCall::path).containsOnly(MemoryPath.NONE);
    assertThat(first.hops()).isZero();
  }

  @Test
  void should_charge_every_read_to_the_turn_s_budget_and_answer_an_unaffordable_one_at_once() {
    ManualDelayTimer timer = new ManualDelayTimer();
    List<MemoryOutcome> outcomes = new CopyOnWriteArrayList<>();
    ReasonerFactory twoReads = ctx -> step -> step.memory().recall("disk full", 1).thenCompose(first -> {
      outcomes.add(first.outcome());
      return step.memory().match("disk full", 0.9);
    }).thenApply(second -> {
      outcomes.add(second.outcome());
      return Decision.skip("page on-call", Decision.Recognition.NONE);
    });
    // 50 ms affords one read at +30 ms (estimate 31 ms), and then not a second
    ActorRef<Agent.Command> agent = testKit.spawn(Agent.create(spec("charged",
        config(MemoryPolicyKind.NETWORKED, Duration.ofMillis(50), Duration.ofMillis(30)), twoReads, timer)));
    TestProbe<TurnResult> results = testKit.createTestProbe();
    agent.tell(new Agent.RunTurn(turn(0, "disk full on db-1"), results.ref()));
    // the read's timeout, the store's delayed reply, and the step's decide timeout (the reasoner waits on the read)
    await().until(() -> timer.pending() == 3);
    timer.advance(Duration.ofMillis(30));
    TurnResult result = results.receiveMessage();

    assertThat(outcomes).containsExactly(MemoryOutcome.ANSWERED, MemoryOutcome.UNAFFORDABLE);
    List<MemoryCall> calls = result.steps().get(0).memory();
    assertThat(calls.get(0).cost().delayNanos()).isEqualTo(Duration.ofMillis(30).toNanos());
    assertThat(calls.get(0).cost().chargedNanos()).isEqualTo(Duration.ofMillis(30).toNanos());
    assertThat(calls.get(1).cost().chargedNanos()).as("nothing was sent").isZero();
    assertThat(result.spentNanos()).isEqualTo(Duration.ofMillis(30).toNanos());
    assertThat(result.steps().get(0).memoryCalls(MemoryOutcome.UNAFFORDABLE)).isEqualTo(1);
  }

  @Test
  void should_refuse_a_call_on_a_handle_whose_step_has_ended_naming_it() {
    CompletableFuture<StepMemory> kept = new CompletableFuture<>();
    ReasonerFactory keeping = ctx -> step -> {
      kept.complete(step.memory());
      return CompletableFuture.completedFuture(Decision.skip("page on-call", Decision.Recognition.NONE));
    };
    run(agent("keeper", MemoryPolicyKind.PER_STEP, keeping), 3, "disk full on db-1");
    StepMemory stale = kept.join();
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> stale.recall("disk full", 1))
        .isInstanceOf(StepEndedException.class)
        .hasMessageContaining("agent keeper: recall on the memory handle of turn 3 step 0, which has ended");
  }

  @Test
  void should_run_a_call_made_on_another_thread_on_the_agent_and_complete_it_off_the_agent() {
    List<String> threads = new CopyOnWriteArrayList<>();
    List<Integer> found = new CopyOnWriteArrayList<>();
    // the async variant always runs on the blocking executor: the memory calls are made on another thread
    ReasonerFactory offThread = ctx -> step -> CompletableFuture.completedFuture(step)
        .thenComposeAsync(s -> s.memory().remember(s.observation().text()), ctx.blocking())
        .thenCompose(r -> step.memory().recall(step.observation().text(), 1))
        .thenApply(recalled -> {
          threads.add(Thread.currentThread().getName());
          found.add(recalled.items().size());
          return Decision.skip("page on-call", Decision.Recognition.NONE);
        });
    TurnResult result = run(agent("handed-over", MemoryPolicyKind.PER_STEP, offThread), 0, "disk full on db-1");

    assertThat(found).as("the write, handed over, landed before the read").containsExactly(1);
    // the recall completes on the memory's answer thread; a dependent stage runs there when it was attached before
    // the answer came, or on the caller's (blocking) thread when the answer was first: CompletableFuture's rule, a
    // race this test cannot order. Never on the agent's own dispatcher, whatever the order.
    assertThat(threads.get(0)).as("completed off the agent's thread").satisfiesAnyOf(
        name -> assertThat(name).startsWith("memloop-memory-answer-"),
        name -> assertThat(name).contains("default-blocking-io-dispatcher"));
    assertThat(result.steps().get(0).memory()).extracting(MemoryCall::outcome)
        .containsExactly(MemoryOutcome.STORED, MemoryOutcome.ANSWERED);
    assertThat(result.hops()).as("two calls handed over, one decision waited for").isEqualTo(3);
  }

  @Test
  void should_refuse_to_wait_on_the_agent_s_thread_for_a_read_that_is_not_answered() {
    List<String> refused = new CopyOnWriteArrayList<>();
    ReasonerFactory blocking = ctx -> step -> {
      CompletionStage<?> read = step.memory().recall("disk full", 1);
      try {
        read.toCompletableFuture().join();
      } catch (IllegalStateException e) {
        refused.add(e.getMessage());
      }
      return read.thenApply(r -> Decision.skip("page on-call", Decision.Recognition.NONE));
    };
    ManualDelayTimer timer = new ManualDelayTimer();
    ActorRef<Agent.Command> agent = testKit.spawn(Agent.create(spec("joiner",
        config(MemoryPolicyKind.NETWORKED, Duration.ofMillis(100), Duration.ofMillis(5)), blocking, timer)));
    TestProbe<TurnResult> results = testKit.createTestProbe();
    agent.tell(new Agent.RunTurn(turn(0, "disk full on db-1"), results.ref()));
    await().until(() -> timer.pending() == 3); // the read's timeout, the store's reply, the step's decide timeout
    timer.advance(Duration.ofMillis(5));
    results.receiveMessage();
    assertThat(refused).singleElement().asString().contains("would wait forever");
  }
}
