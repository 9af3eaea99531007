package dev.memloop.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memloop.memory.timing.ManualDelayTimer;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.step.Decision;
import dev.memloop.runtime.step.GuardOutcome;
import dev.memloop.runtime.step.TurnResult;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** One agent, one call per turn: turns numbered by the handle, failures as exceptions, a stop that refuses more. */
class AgentHandleTest {

  static final ActorTestKit testKit = ActorTestKit.create();

  @AfterAll
  static void shutdown() {
    testKit.shutdownTestKit();
  }

  static AgentSpec.Builder spec(String id) {
    return AgentSpec.builder(id).policy(MemoryPolicyKind.PER_STEP).embedder(TestAgents.EMBEDDER).threshold(0.95)
        .reasoner(step -> CompletableFuture.completedFuture(Decision.act("refund " + step.observation().text())));
  }

  @Test
  void should_number_the_turns_and_guard_a_repeat_from_what_the_first_turn_did() throws Exception {
    AgentHandle agent = AgentHandle.start(testKit.system(), spec("handle-1").build());
    TurnResult first = agent.send("order 42 arrived damaged").toCompletableFuture().get(30, TimeUnit.SECONDS);
    TurnResult second = agent.send("order 42 arrived damaged", "order 43 arrived damaged").toCompletableFuture()
        .get(30, TimeUnit.SECONDS);
    assertThat(first.turn()).isZero();
    assertThat(second.turn()).isEqualTo(1);
    assertThat(second.steps()).extracting(s -> s.guard().outcome()).containsExactly(GuardOutcome.HIT, GuardOutcome.MISS);
    assertThat(agent.snapshot().toCompletableFuture().get(30, TimeUnit.SECONDS).items()).hasSize(2);
    agent.stop();
  }

  @Test
  void should_keep_what_agents_sharing_content_remember_once_and_guard_as_without_sharing() throws Exception {
    dev.memloop.memory.ContentPool pool = dev.memloop.memory.ContentPool.create(TestAgents.EMBEDDER.dimension(), 100);
    AgentHandle first = AgentHandle.start(testKit.system(), spec("shared-1").sharedContent(pool).build());
    AgentHandle second = AgentHandle.start(testKit.system(), spec("shared-2").sharedContent(pool).build());
    for (AgentHandle agent : List.of(first, second)) {
      TurnResult result = agent.send("order 7 arrived late", "order 7 arrived late").toCompletableFuture()
          .get(30, TimeUnit.SECONDS);
      assertThat(result.steps()).extracting(s -> s.guard().outcome()).containsExactly(GuardOutcome.MISS,
          GuardOutcome.HIT);
    }
    assertThat(pool.vectors()).isEqualTo(1);
    assertThat(pool.texts()).isEqualTo(1);
    assertThat(second.snapshot().toCompletableFuture().get(30, TimeUnit.SECONDS).items()).hasSize(1);
    first.stop();
    second.stop();
  }

  @Test
  void should_guard_and_remember_through_a_shared_embedding_cache_without_writing_to_what_it_keeps()
      throws Exception {
    dev.memloop.memory.Embedder cached = dev.memloop.memory.embed.Embedders.cached(TestAgents.EMBEDDER, 100);
    List<AgentHandle> agents = List.of(
        AgentHandle.start(testKit.system(), spec("cached-1").embedder(cached).build()),
        AgentHandle.start(testKit.system(), spec("cached-2").embedder(cached).build()));
    for (AgentHandle agent : agents) {
      TurnResult result = agent.send("order 9 arrived late", "order 9 arrived late").toCompletableFuture()
          .get(30, TimeUnit.SECONDS);
      assertThat(result.steps()).extracting(s -> s.guard().outcome()).containsExactly(GuardOutcome.MISS,
          GuardOutcome.HIT);
    }
    // the guards read the vector the cache keeps for every agent, and the writes copied it: it is still the embedder's
    assertThat(cached.embedReadOnly("refund order 9 arrived late"))
        .containsExactly(TestAgents.EMBEDDER.embed("refund order 9 arrived late"));
    agents.forEach(AgentHandle::stop);
  }

  @Test
  void should_answer_turns_sent_at_once_from_many_threads_each_once_in_the_order_numbered() throws Exception {
    AgentHandle agent = AgentHandle.start(testKit.system(), spec("handle-2").build());
    List<CompletableFuture<TurnResult>> sent = new CopyOnWriteArrayList<>();
    List<Thread> threads = new java.util.ArrayList<>();
    for (int t = 0; t < 4; t++) {
      int thread = t;
      threads.add(new Thread(() -> {
        for (int i = 0; i < 5; i++) {
          sent.add(agent.send("order " + thread + "-" + i).toCompletableFuture());
        }
      }));
    }
    threads.forEach(Thread::start);
    for (Thread t : threads) {
      t.join();
    }
    List<Integer> turns = new java.util.ArrayList<>();
    for (CompletableFuture<TurnResult> f : sent) {
      turns.add(f.get(30, TimeUnit.SECONDS).turn());
    }
    assertThat(turns).hasSize(20).doesNotHaveDuplicates().allSatisfy(t -> assertThat(t).isBetween(0, 19));
    agent.stop();
  }

  @Test
  void should_fail_the_stage_of_a_failed_turn_with_its_cause_and_answer_the_next() throws Exception {
    AgentHandle agent = AgentHandle.start(testKit.system(), spec("handle-3").reasoner(step -> {
      if (step.observation().text().contains("poison")) {
        throw new IllegalStateException("the reasoner choked on " + step.observation().text());
      }
      return CompletableFuture.completedFuture(Decision.act("ok " + step.observation().text()));
    }).build());
    assertThatThrownBy(() -> agent.send("poison pill").toCompletableFuture().join())
        .isInstanceOf(CompletionException.class).cause().isInstanceOf(TurnFailedException.class)
        .hasMessageContaining("agent handle-3: turn 0 failed:").hasMessageContaining("the reasoner choked on poison pill");
    assertThat(agent.send("a fine order").toCompletableFuture().get(30, TimeUnit.SECONDS).executed()).isEqualTo(1);
    agent.stop();
    agent.stop();
    assertThatThrownBy(() -> agent.send("after the stop")).isInstanceOf(AgentStoppedException.class)
        .hasMessageContaining("agent handle-3 was stopped through its handle")
        .satisfies(e -> assertThat(((AgentException) e).agentId()).isEqualTo("handle-3"));
  }

  @Test
  void should_fail_a_step_whose_reasoner_outlasts_the_decide_timeout_with_a_named_timeout() throws Exception {
    ManualDelayTimer timer = new ManualDelayTimer();
    CompletableFuture<Decision> never = new CompletableFuture<>();
    AgentHandle agent = AgentHandle.start(testKit.system(), spec("handle-6").timer(timer)
        .config(TestAgents.DEFAULTS.withPolicy(MemoryPolicyKind.PER_STEP).withThreshold(0.95)
            .withDecideTimeout(java.time.Duration.ofSeconds(5)))
        .reasoner(step -> step.observation().text().equals("hang") ? never
            : CompletableFuture.completedFuture(Decision.act("ok " + step.observation().text()))).build());
    CompletableFuture<TurnResult> hung = agent.send("hang").toCompletableFuture();
    org.awaitility.Awaitility.await().until(() -> timer.pending() > 0); // the step waits, its timeout scheduled
    assertThat(hung).as("not before the timeout").isNotDone();
    timer.advance(java.time.Duration.ofSeconds(5));
    assertThatThrownBy(() -> hung.get(30, TimeUnit.SECONDS)).cause().isInstanceOf(TurnFailedException.class)
        .hasMessageContaining("DecideTimeoutException").hasMessageContaining(
            "agent handle-6: the reasoner did not decide step 0 of turn 0 within 5000 ms (memloop.agent.decide-timeout)");
    never.complete(Decision.act("too late")); // dropped: its step is gone
    assertThat(agent.send("next").toCompletableFuture().get(30, TimeUnit.SECONDS).executed()).isEqualTo(1);
    agent.stop();
  }

  @Test
  void should_fail_a_turn_not_answered_within_the_handle_s_timeout_with_a_named_timeout() {
    AgentHandle agent = AgentHandle.start(testKit.system(), spec("handle-7")
        .reasoner(step -> new CompletableFuture<>()).build(), java.time.Duration.ofMillis(50));
    assertThatThrownBy(() -> agent.send("hang").toCompletableFuture().get(30, TimeUnit.SECONDS))
        .cause().isInstanceOf(TurnTimeoutException.class)
        .hasMessageContaining("agent handle-7: turn 0 was not answered within 50 ms");
    agent.stop();
  }

  @Test
  void should_refuse_a_turn_index_that_repeats_or_skips_naming_both_and_run_the_next_one() {
    org.apache.pekko.actor.typed.ActorRef<Agent.Command> agent = testKit.spawn(Agent.create(spec("indexed").build()));
    org.apache.pekko.actor.testkit.typed.javadsl.TestProbe<TurnResult> results = testKit.createTestProbe();
    agent.tell(new Agent.RunTurn(TestAgents.turn(0, "order 1"), results.ref()));
    assertThat(results.receiveMessage().aborted()).isFalse();
    agent.tell(new Agent.RunTurn(TestAgents.turn(0, "order 2"), results.ref()));
    assertThat(results.receiveMessage()).satisfies(r -> {
      assertThat(r.aborted()).isTrue();
      assertThat(r.steps()).as("nothing ran").isEmpty();
      assertThat(r.failure()).isEqualTo("turn index 0 repeats an earlier turn: agent indexed expects turn 1 (number "
          + "each agent's turns one after another, or send them through AgentHandle, which numbers them; a retry sends the "
          + "same turn, index and observations, again)");
    });
    agent.tell(new Agent.RunTurn(TestAgents.turn(2, "order 3"), results.ref()));
    assertThat(results.receiveMessage().failure()).startsWith("turn index 2 skips turn 1: agent indexed expects turn 1");
    agent.tell(new Agent.RunTurn(TestAgents.turn(1, "order 4"), results.ref()));
    assertThat(results.receiveMessage().executed()).isEqualTo(1);
    testKit.stop(agent);
  }

  @Test
  void should_passivate_to_a_snapshot_and_start_again_from_it_on_the_next_send() throws Exception {
    CompletableFuture<Decision> held = new CompletableFuture<>();
    AgentHandle agent = AgentHandle.start(testKit.system(), spec("sleeper").reasoner(step ->
        step.observation().text().equals("slow") ? held
            : CompletableFuture.completedFuture(Decision.act("refund " + step.observation().text()))).build());
    agent.send("order 42").toCompletableFuture().get(30, TimeUnit.SECONDS);
    CompletableFuture<TurnResult> slow = agent.send("slow").toCompletableFuture();
    assertThatThrownBy(agent::passivate).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("agent sleeper has 1 turn(s) unanswered");
    held.complete(Decision.reply("done"));
    slow.get(30, TimeUnit.SECONDS);

    AgentSnapshot snapshot = agent.passivate().toCompletableFuture().get(30, TimeUnit.SECONDS);
    assertThat(snapshot.turnsCompleted()).isEqualTo(2);
    assertThat(snapshot.items()).extracting(dev.memloop.memory.MemoryItem::text).containsExactly("refund order 42");
    assertThat(agent.passivate().toCompletableFuture().get(30, TimeUnit.SECONDS)).as("passivated already")
        .isEqualTo(snapshot);
    TurnResult after = agent.send("order 42").toCompletableFuture().get(30, TimeUnit.SECONDS);
    assertThat(after.turn()).as("numbered on").isEqualTo(2);
    assertThat(after.steps().get(0).guard().outcome()).as("its memory came back with it").isEqualTo(GuardOutcome.HIT);
    agent.stop();
    assertThatThrownBy(agent::passivate).isInstanceOf(AgentStoppedException.class);
  }

  @Test
  void should_refuse_bad_input_naming_it() {
    assertThatThrownBy(() -> AgentHandle.start(testKit.system(), null)).hasMessageContaining("needs its actor system");
    assertThatThrownBy(() -> AgentHandle.start(testKit.system(), spec("handle-4").build(), java.time.Duration.ZERO))
        .hasMessageContaining("agent handle-4: turn timeout must be > 0: PT0S");
    AgentHandle agent = AgentHandle.start(testKit.system(), spec("handle-5").build());
    assertThatThrownBy(agent::send).hasMessageContaining("agent handle-5: a turn needs at least one observation");
    agent.stop();
  }
}
