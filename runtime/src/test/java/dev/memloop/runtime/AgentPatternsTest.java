package dev.memloop.runtime;

import static dev.memloop.runtime.TestAgents.config;
import static dev.memloop.runtime.TestAgents.spec;
import static dev.memloop.runtime.TestAgents.turn;
import static org.assertj.core.api.Assertions.assertThat;

import dev.memloop.memory.timing.ManualDelayTimer;
import dev.memloop.runtime.patterns.DedupOnWrite;
import dev.memloop.runtime.patterns.PatternSettings;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.reasoner.ScriptedReasoner;
import dev.memloop.runtime.step.Decision;
import dev.memloop.runtime.step.GuardOutcome;
import dev.memloop.runtime.step.PatternMarks;
import dev.memloop.runtime.step.StepRecord;
import dev.memloop.runtime.step.TurnResult;
import java.time.Duration;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.LogCapturingExtension;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The step loop's patterns, configured per agent: their marks in the step records, and no message hop added. */
@ExtendWith(LogCapturingExtension.class)
class AgentPatternsTest {

  static final ActorTestKit testKit = ActorTestKit.create();
  static final String RESTART = "restart service api on host alpha";
  static final String RESTART_NOW = "restart service api on host alpha now"; // 7 of 8 tokens shared: ~0.94

  @AfterAll
  static void shutdown() {
    testKit.shutdownTestKit();
  }

  @Test
  void should_mark_repeated_observations_and_merged_writes_without_a_message_hop() {
    PatternSettings d = PatternSettings.DEFAULTS;
    PatternSettings patterns = new PatternSettings(new PatternSettings.Novelty(true, 0.99),
        new PatternSettings.Dedup(true, 0.9, DedupOnWrite.Keep.FIRST), d.adaptive(), d.grounding());
    ActorRef<Agent.Command> agent = testKit.spawn(Agent.create(spec("patterned",
        config(MemoryPolicyKind.PER_STEP, Duration.ofMillis(100), Duration.ZERO).withPatterns(patterns),
        ctx -> ScriptedReasoner.actOnEveryObservation(), new ManualDelayTimer())));
    TestProbe<TurnResult> results = testKit.createTestProbe();

    agent.tell(new Agent.RunTurn(turn(0, RESTART, RESTART_NOW, RESTART), results.ref()));
    TurnResult result = results.receiveMessage();

    assertThat(result.hops()).as("the patterns are method calls: one message in, one out").isZero();
    assertThat(result.steps()).extracting(s -> s.patterns().novelty()).containsExactly(PatternMarks.Novelty.NOVEL,
        PatternMarks.Novelty.NOVEL, PatternMarks.Novelty.REPEAT);
    assertThat(result.steps().get(2).patterns().repeatOf()).as("tagged with the first observation").isNotNull();
    assertThat(result.steps()).extracting(s -> s.guard().outcome()).containsExactly(GuardOutcome.MISS, GuardOutcome.MISS,
        GuardOutcome.HIT);
    assertThat(result.steps()).extracting(s -> s.patterns().writeMerged()).as("the second wording merged")
        .containsExactly(false, true, false);
    assertThat(status(agent).memorySize()).as("one item for both wordings").isEqualTo(1);
  }

  @Test
  void should_leave_the_marks_unchecked_when_no_pattern_is_on() {
    ActorRef<Agent.Command> agent = testKit.spawn(Agent.create(spec("plain",
        config(MemoryPolicyKind.PER_STEP, Duration.ofMillis(100), Duration.ZERO),
        ctx -> ScriptedReasoner.actOnEveryObservation(), new ManualDelayTimer())));
    TestProbe<TurnResult> results = testKit.createTestProbe();
    agent.tell(new Agent.RunTurn(turn(0, RESTART, RESTART_NOW), results.ref()));
    assertThat(results.receiveMessage().steps()).extracting(StepRecord::patterns).containsOnly(PatternMarks.NONE);
    assertThat(status(agent).memorySize()).isEqualTo(2);
  }

  @Test
  void should_pin_one_copy_of_each_fact_when_the_per_turn_dump_reads_adaptively() {
    PatternSettings d = PatternSettings.DEFAULTS;
    PatternSettings patterns = new PatternSettings(d.novelty(), d.dedup(), new PatternSettings.Adaptive(true,
        new dev.memloop.runtime.patterns.AdaptiveRecall.Settings(2, 2, 0, 1, 0.9)), d.grounding());
    java.util.List<java.util.List<String>> pinned = new java.util.concurrent.CopyOnWriteArrayList<>();
    ReasonerFactory recording = ctx -> new ScriptedReasoner(step -> {
      if (step.step() == 0) {
        pinned.add(step.pinned());
      }
      return Decision.act(step.observation().text());
    });
    ActorRef<Agent.Command> agent = testKit.spawn(Agent.create(spec("adaptive-dump",
        config(MemoryPolicyKind.PER_TURN, Duration.ofMillis(100), Duration.ZERO).withPatterns(patterns), recording,
        new ManualDelayTimer())));
    TestProbe<TurnResult> results = testKit.createTestProbe();
    agent.tell(new Agent.RunTurn(turn(0, RESTART, RESTART_NOW, "page the database on-call engineer"), results.ref()));
    results.receiveMessage();
    agent.tell(new Agent.RunTurn(turn(1, RESTART), results.ref()));
    results.receiveMessage();
    assertThat(pinned.get(1)).as("k = 2: the two wordings of the restart count once, the page fills the other slot")
        .containsExactlyInAnyOrder(RESTART, "page the database on-call engineer");
  }

  static Agent.Status status(ActorRef<Agent.Command> agent) {
    TestProbe<Agent.Status> probe = testKit.createTestProbe();
    agent.tell(new Agent.GetStatus(probe.ref()));
    return probe.receiveMessage();
  }
}
