package dev.memloop.runtime;

import static dev.memloop.runtime.TestAgents.EMBEDDER;
import static dev.memloop.runtime.TestAgents.config;
import static dev.memloop.runtime.TestAgents.line;
import static dev.memloop.runtime.TestAgents.turn;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.memloop.blackboard.Blackboard;
import dev.memloop.blackboard.BlackboardSetup;
import dev.memloop.memory.MemoryKind;
import dev.memloop.memory.actor.MemoryStore;
import dev.memloop.memory.timing.DelayTimer;
import dev.memloop.memory.timing.ManualDelayTimer;
import dev.memloop.runtime.board.SharedBoard;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.config.MemoryStoreKind;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.reasoner.ScriptedReasoner;
import dev.memloop.runtime.step.Decision;
import dev.memloop.runtime.step.GuardOutcome;
import dev.memloop.runtime.step.MemoryPath;
import dev.memloop.runtime.step.StepRecord;
import dev.memloop.runtime.step.TurnResult;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.LogCapturingExtension;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Agents whose memory is a shared blackboard: one agent's work guards another's. */
@ExtendWith(LogCapturingExtension.class)
class BoardAgentTest {

  static final ActorTestKit testKit = ActorTestKit.create();

  @AfterAll
  static void shutdown() {
    testKit.shutdownTestKit();
  }

  static SharedBoard board(BlackboardSetup setup, Duration rtt, DelayTimer timer) {
    ActorRef<Blackboard.Command> writer = testKit.spawn(setup.behavior());
    ActorRef<MemoryStore.Command> reads = testKit.spawn(setup.readPort(rtt, timer));
    return new SharedBoard(writer, setup.view(), reads);
  }

  static ActorRef<Agent.Command> agent(String id, AgentConfig config, SharedBoard board, DelayTimer timer,
      ReasonerFactory reasoners) {
    return testKit.spawn(Agent.create(AgentSpec.builder(id).config(config.withStore(MemoryStoreKind.BLACKBOARD))
        .threshold(0.99).embedder(EMBEDDER).reasoners(reasoners).timer(timer).seed(1).board(board).build()));
  }

  @Test
  void should_block_another_agent_s_duplicate_and_its_own_in_the_next_step() {
    ManualDelayTimer timer = new ManualDelayTimer();
    BlackboardSetup setup = BlackboardSetup.of(EMBEDDER);
    SharedBoard board = board(setup, Duration.ZERO, timer);
    AgentConfig perStep = config(MemoryPolicyKind.PER_STEP, Duration.ofMillis(100), Duration.ZERO);
    ActorRef<Agent.Command> first = agent("first", perStep, board, timer, ctx -> ScriptedReasoner.actOnEveryObservation());
    ActorRef<Agent.Command> second = agent("second", perStep, board, timer, ctx -> ScriptedReasoner.actOnEveryObservation());
    TestProbe<TurnResult> results = testKit.createTestProbe();

    first.tell(new Agent.RunTurn(turn(0, line(1), line(1)), results.ref()));
    TurnResult own = results.receiveMessage();
    assertThat(own.steps()).extracting(s -> s.guard().outcome()).containsExactly(GuardOutcome.MISS, GuardOutcome.HIT);
    assertThat(setup.view().size()).as("a turn is answered once its posts are on the board").isEqualTo(1);

    second.tell(new Agent.RunTurn(turn(0, line(2), line(1)), results.ref()));
    TurnResult cross = results.receiveMessage();
    assertThat(cross.steps()).extracting(s -> s.guard().outcome()).containsExactly(GuardOutcome.MISS, GuardOutcome.HIT);
    assertThat(cross.steps().get(1).guard().matchedLine()).isEqualTo(line(1));
    assertThat(cross.hops()).as("one post, no read message").isEqualTo(1);
    assertThat(setup.view().size()).isEqualTo(2);
  }

  @Test
  void should_answer_a_turn_only_once_the_board_acknowledged_its_posts() {
    ManualDelayTimer timer = new ManualDelayTimer();
    BlackboardSetup setup = BlackboardSetup.of(EMBEDDER);
    TestProbe<Blackboard.Command> writer = testKit.createTestProbe();
    SharedBoard board = new SharedBoard(writer.ref(), setup.view(), null);
    AgentConfig perStep = config(MemoryPolicyKind.PER_STEP, Duration.ofMillis(100), Duration.ZERO);
    ActorRef<Agent.Command> agent = agent("patient", perStep, board, timer, ctx -> ScriptedReasoner.actOnEveryObservation());
    TestProbe<TurnResult> results = testKit.createTestProbe();

    agent.tell(new Agent.RunTurn(turn(0, line(8), line(9)), results.ref()));
    Blackboard.Post first = writer.expectMessageClass(Blackboard.Post.class);
    Blackboard.Post second = writer.expectMessageClass(Blackboard.Post.class);
    first.replyTo().tell(new Blackboard.Posted(first.requestId(), "bb-1", 1));
    results.expectNoMessage(Duration.ofMillis(50)); // one post still unacknowledged: no answer yet
    second.replyTo().tell(new Blackboard.PostRejected(second.requestId(), "refused for the test"));
    assertThat(results.receiveMessage().steps()).extracting(StepRecord::executed).containsExactly(true, true);
  }

  @Test
  void should_pin_the_board_at_turn_start_and_post_at_turn_end() {
    ManualDelayTimer timer = new ManualDelayTimer();
    BlackboardSetup setup = BlackboardSetup.of(EMBEDDER);
    SharedBoard board = board(setup, Duration.ZERO, timer);
    List<List<String>> pinned = new CopyOnWriteArrayList<>();
    ReasonerFactory recording = ctx -> new ScriptedReasoner(step -> {
      if (step.step() == 0) {
        pinned.add(step.pinned());
      }
      return Decision.act(step.observation().text());
    });
    AgentConfig perTurn = config(MemoryPolicyKind.PER_TURN, Duration.ofMillis(100), Duration.ZERO);
    ActorRef<Agent.Command> writer = agent("writer", perTurn, board, timer, recording);
    ActorRef<Agent.Command> reader = agent("reader", perTurn, board, timer, recording);
    TestProbe<TurnResult> results = testKit.createTestProbe();
    writer.tell(new Agent.RunTurn(turn(0, line(4), line(5)), results.ref()));
    results.receiveMessage();
    reader.tell(new Agent.RunTurn(turn(0, line(6)), results.ref()));
    TurnResult read = results.receiveMessage();
    assertThat(read.steps()).extracting(s -> s.guard().outcome()).containsOnly(GuardOutcome.NOT_APPLICABLE);
    assertThat(pinned.get(1)).containsExactlyInAnyOrder(line(4), line(5));
  }

  @Test
  void should_read_the_board_through_its_port_after_the_round_trip() {
    ManualDelayTimer timer = new ManualDelayTimer();
    BlackboardSetup setup = BlackboardSetup.of(EMBEDDER);
    SharedBoard board = board(setup, Duration.ofMillis(30), timer);
    TestProbe<Blackboard.PostReply> acks = testKit.createTestProbe();
    // another agent's executed action, as the runtime posts one: its identity beside its kind, under the embedding of
    // its wording (the guard matches actions of the action's identity only, by the words beside the identifiers)
    var action = dev.memloop.runtime.internal.identity.GuardKeys.ofLine(line(7),
        dev.memloop.runtime.identity.IdentifierExtractor.standard());
    board.writer().tell(new Blackboard.Post(1, "someone", line(7), EMBEDDER.embed(action.wording()), Map.of(
        MemoryKind.KEY, "ACTION", dev.memloop.memory.ItemIdentity.KEY, action.identity()), acks.ref()));
    acks.expectMessageClass(Blackboard.Posted.class);
    ActorRef<Agent.Command> remote = agent("remote", config(MemoryPolicyKind.NETWORKED, Duration.ofMillis(100),
        Duration.ofMillis(30)), board, timer, ctx -> ScriptedReasoner.actOnEveryObservation());
    TestProbe<TurnResult> results = testKit.createTestProbe();
    remote.tell(new Agent.RunTurn(turn(0, line(7)), results.ref()));
    await().until(() -> timer.pending() == 2); // the agent's timeout and the port's delayed reply
    timer.advance(Duration.ofMillis(30));
    StepRecord step = results.receiveMessage().steps().get(0);
    assertThat(step.guard().outcome()).isEqualTo(GuardOutcome.HIT);
    assertThat(step.guard().cost().delayNanos()).isEqualTo(Duration.ofMillis(30).toNanos());
  }

  @Test
  void should_count_a_post_acknowledged_while_a_networked_read_is_on_its_way() {
    ManualDelayTimer timer = new ManualDelayTimer();
    BlackboardSetup setup = BlackboardSetup.of(EMBEDDER);
    TestProbe<Blackboard.Command> writer = testKit.createTestProbe(); // the post never lands: only the ack counts
    SharedBoard board = new SharedBoard(writer.ref(), setup.view(), testKit.spawn(setup.readPort(Duration.ofMillis(30),
        timer)));
    ActorRef<Agent.Command> remote = agent("racer", config(MemoryPolicyKind.NETWORKED, Duration.ofMillis(100),
        Duration.ofMillis(30)), board, timer, ctx -> ScriptedReasoner.actOnEveryObservation());
    TestProbe<TurnResult> results = testKit.createTestProbe();
    TestProbe<Agent.Status> status = testKit.createTestProbe();

    remote.tell(new Agent.RunTurn(turn(0, line(11), line(11)), results.ref()));
    await().until(() -> timer.pending() == 2);
    timer.advance(Duration.ofMillis(30)); // step 0: nothing there, executed and posted
    Blackboard.Post post = writer.expectMessageClass(Blackboard.Post.class);
    await().until(() -> timer.pending() == 2); // step 1's read has been served from a board without the post
    post.replyTo().tell(new Blackboard.Posted(post.requestId(), "bb-1", 1));
    remote.tell(new Agent.GetStatus(status.ref())); // answered after the acknowledgment was handled
    status.receiveMessage();
    timer.advance(Duration.ofMillis(30));

    StepRecord duplicate = results.receiveMessage().steps().get(1);
    assertThat(duplicate.guard().outcome()).isEqualTo(GuardOutcome.HIT);
    assertThat(duplicate.executed()).isFalse();
  }

  @Test
  void should_show_a_per_turn_board_reasoner_the_board_as_its_turn_started_and_a_per_step_one_every_post() {
    ManualDelayTimer timer = new ManualDelayTimer();
    BlackboardSetup setup = BlackboardSetup.of(EMBEDDER);
    SharedBoard board = board(setup, Duration.ZERO, timer);
    ActorRef<Agent.Command> poster = agent("poster", config(MemoryPolicyKind.PER_STEP, Duration.ofMillis(100),
        Duration.ZERO), board, timer, ctx -> ScriptedReasoner.actOnEveryObservation());
    CompletableFuture<Void> posted = new CompletableFuture<>();
    Map<String, List<Integer>> found = new ConcurrentHashMap<>();
    // step 0 waits until the other agent's post is on the board, then each step reads the board through its handle
    java.util.concurrent.atomic.AtomicInteger started = new java.util.concurrent.atomic.AtomicInteger();
    ReasonerFactory reading = ctx -> step -> (step.step() == 0 && started.incrementAndGet() > 0 ? posted
        : CompletableFuture.<Void>completedFuture(null))
        .thenComposeAsync(ready -> step.memory().recall(line(5), 1, MemoryKind.ACTION), ctx.blocking())
        .thenApply(recalled -> {
          found.computeIfAbsent(step.agentId(), id -> new CopyOnWriteArrayList<>()).add(recalled.items().size());
          return Decision.skip(line(5), Decision.Recognition.NONE);
        });
    ActorRef<Agent.Command> perTurn = agent("per-turn-reader", config(MemoryPolicyKind.PER_TURN,
        Duration.ofMillis(100), Duration.ZERO), board, timer, reading);
    ActorRef<Agent.Command> perStep = agent("per-step-reader", config(MemoryPolicyKind.PER_STEP,
        Duration.ofMillis(100), Duration.ZERO), board, timer, reading);
    TestProbe<TurnResult> results = testKit.createTestProbe();
    perTurn.tell(new Agent.RunTurn(turn(0, "alert one", "alert two"), results.ref()));
    perStep.tell(new Agent.RunTurn(turn(0, "alert one", "alert two"), results.ref()));
    await().until(() -> started.get() == 2); // both readers are inside their turns: the per-turn one has its snapshot
    TestProbe<TurnResult> posts = testKit.createTestProbe();
    poster.tell(new Agent.RunTurn(turn(0, line(5)), posts.ref())); // answered once its post is acknowledged
    posts.receiveMessage();
    posted.complete(null);
    results.receiveMessage();
    results.receiveMessage();
    perTurn.tell(new Agent.RunTurn(turn(1, "alert three"), results.ref()));
    assertThat(results.receiveMessage().steps().get(0).memory().get(0).path()).isEqualTo(MemoryPath.SNAPSHOT);

    assertThat(found.get("per-turn-reader")).as("the post arrived after the turn began: seen from the next turn")
        .containsExactly(0, 0, 1);
    assertThat(found.get("per-step-reader")).as("the direct view sees every acknowledged post").containsExactly(1, 1);
  }

  @Test
  void should_refuse_a_board_agent_without_a_board() {
    AgentConfig onBoard = config(MemoryPolicyKind.PER_STEP, Duration.ofMillis(100), Duration.ZERO)
        .withStore(MemoryStoreKind.BLACKBOARD);
    assertThatThrownBy(() -> AgentSpec.builder("lost").config(onBoard).threshold(0.99).embedder(EMBEDDER)
        .reasoners(ctx -> ScriptedReasoner.actOnEveryObservation()).build())
        .hasMessageContaining("agent lost: memloop.agent.memory.store = blackboard needs the shared board");
    BlackboardSetup setup = BlackboardSetup.of(EMBEDDER);
    SharedBoard noPort = new SharedBoard(testKit.spawn(setup.behavior()), setup.view(), null);
    assertThatThrownBy(() -> AgentSpec.builder("remote").config(onBoard.withPolicy(MemoryPolicyKind.NETWORKED))
        .threshold(0.99).embedder(EMBEDDER).reasoners(ctx -> ScriptedReasoner.actOnEveryObservation()).board(noPort)
        .build()).hasMessageContaining("with policy = networked needs the board's read port");
  }
}
