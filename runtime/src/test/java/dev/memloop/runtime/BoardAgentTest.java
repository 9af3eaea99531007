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
import dev.memloop.memory.actor.MemoryStore;
import dev.memloop.memory.timing.DelayTimer;
import dev.memloop.memory.timing.ManualDelayTimer;
import dev.memloop.runtime.board.SharedBoard;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.config.MemoryStoreKind;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.reasoner.ScriptedReasoner;
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
    return testKit.spawn(Agent.create(new AgentSpec(id, config.withStore(MemoryStoreKind.BLACKBOARD), 0.99, EMBEDDER,
        reasoners, timer, null, 1, board)));
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
    assertThat(own.steps()).extracting(StepRecord::guard).containsExactly(GuardOutcome.MISS, GuardOutcome.HIT);
    assertThat(setup.view().size()).as("a turn is answered once its posts are on the board").isEqualTo(1);

    second.tell(new Agent.RunTurn(turn(0, line(2), line(1)), results.ref()));
    TurnResult cross = results.receiveMessage();
    assertThat(cross.steps()).extracting(StepRecord::guard).containsExactly(GuardOutcome.MISS, GuardOutcome.HIT);
    assertThat(cross.steps().get(1).matchedLine()).isEqualTo(line(1));
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
    assertThat(read.steps()).extracting(StepRecord::guard).containsOnly(GuardOutcome.NOT_APPLICABLE);
    assertThat(pinned.get(1)).containsExactlyInAnyOrder(line(4), line(5));
  }

  @Test
  void should_read_the_board_through_its_port_after_the_round_trip() {
    ManualDelayTimer timer = new ManualDelayTimer();
    BlackboardSetup setup = BlackboardSetup.of(EMBEDDER);
    SharedBoard board = board(setup, Duration.ofMillis(30), timer);
    TestProbe<Blackboard.PostReply> acks = testKit.createTestProbe();
    board.writer().tell(new Blackboard.Post(1, "someone", line(7), null, null, acks.ref()));
    acks.expectMessageClass(Blackboard.Posted.class);
    ActorRef<Agent.Command> remote = agent("remote", config(MemoryPolicyKind.NETWORKED, Duration.ofMillis(100),
        Duration.ofMillis(30)), board, timer, ctx -> ScriptedReasoner.actOnEveryObservation());
    TestProbe<TurnResult> results = testKit.createTestProbe();
    remote.tell(new Agent.RunTurn(turn(0, line(7)), results.ref()));
    await().until(() -> timer.pending() == 2); // the agent's timeout and the port's delayed reply
    timer.advance(Duration.ofMillis(30));
    StepRecord step = results.receiveMessage().steps().get(0);
    assertThat(step.guard()).isEqualTo(GuardOutcome.HIT);
    assertThat(step.delayNanos()).isEqualTo(Duration.ofMillis(30).toNanos());
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
    assertThat(duplicate.guard()).isEqualTo(GuardOutcome.HIT);
    assertThat(duplicate.executed()).isFalse();
  }

  @Test
  void should_refuse_a_board_agent_without_a_board() {
    AgentConfig onBoard = config(MemoryPolicyKind.PER_STEP, Duration.ofMillis(100), Duration.ZERO)
        .withStore(MemoryStoreKind.BLACKBOARD);
    assertThatThrownBy(() -> new AgentSpec("lost", onBoard, 0.99, EMBEDDER, ctx -> ScriptedReasoner.actOnEveryObservation(),
        new ManualDelayTimer(), null, 1)).hasMessageContaining("agent lost: memory.store = blackboard needs a shared board");
    BlackboardSetup setup = BlackboardSetup.of(EMBEDDER);
    SharedBoard noPort = new SharedBoard(testKit.spawn(setup.behavior()), setup.view(), null);
    assertThatThrownBy(() -> new AgentSpec("remote", onBoard.withPolicy(MemoryPolicyKind.NETWORKED), 0.99, EMBEDDER,
        ctx -> ScriptedReasoner.actOnEveryObservation(), new ManualDelayTimer(), null, 1, noPort))
        .hasMessageContaining("a networked agent on a blackboard needs its read port");
  }
}
