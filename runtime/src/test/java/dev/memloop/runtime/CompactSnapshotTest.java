package dev.memloop.runtime;

import static dev.memloop.runtime.TestAgents.config;
import static dev.memloop.runtime.TestAgents.line;
import static dev.memloop.runtime.TestAgents.spec;
import static dev.memloop.runtime.TestAgents.turn;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memloop.memory.MemoryItem;
import dev.memloop.memory.embed.EmbeddingQuality;
import dev.memloop.memory.timing.ManualDelayTimer;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.reasoner.ScriptedReasoner;
import dev.memloop.runtime.step.GuardOutcome;
import dev.memloop.runtime.step.TurnResult;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** An idle agent kept as half-precision vectors and texts, and brought back to guard as before. */
class CompactSnapshotTest {

  static final ActorTestKit testKit = ActorTestKit.create();

  @AfterAll
  static void shutdown() {
    testKit.shutdownTestKit();
  }

  @Test
  void should_bring_an_agent_back_from_its_compact_snapshot_catching_repeats_of_its_earlier_work() {
    AgentSpec spec = spec("compact", config(MemoryPolicyKind.PER_STEP, Duration.ofMillis(100), Duration.ZERO),
        ctx -> ScriptedReasoner.actOnEveryObservation(), new ManualDelayTimer());
    ActorRef<Agent.Command> agent = testKit.spawn(Agent.create(spec));
    TestProbe<TurnResult> results = testKit.createTestProbe();
    agent.tell(new Agent.RunTurn(turn(0, line(1), line(2), line(3)), results.ref()));
    results.receiveMessage();
    TestProbe<AgentSnapshot> snapshots = testKit.createTestProbe();
    agent.tell(new Agent.GetSnapshot(snapshots.ref()));
    AgentSnapshot before = snapshots.receiveMessage();
    agent.tell(Agent.Stop.INSTANCE);

    CompactSnapshot compact = CompactSnapshot.of(before);
    AgentSnapshot restored = compact.restore();
    assertThat(compact.size()).isEqualTo(3);
    assertThat(compact.vectorBytes()).as("2 bytes a component").isEqualTo(3L * 2 * TestAgents.EMBEDDER.dimension());
    assertThat(restored.turnsCompleted()).isEqualTo(1);
    assertThat(restored.items()).extracting(MemoryItem::id).isEqualTo(before.items().stream().map(MemoryItem::id).toList());
    assertThat(restored.items()).extracting(MemoryItem::text)
        .isEqualTo(before.items().stream().map(MemoryItem::text).toList());
    for (int i = 0; i < 3; i++) {
      assertThat(EmbeddingQuality.cosine(restored.items().get(i).vector(), before.items().get(i).vector())).isGreaterThan(0.99999);
    }

    ActorRef<Agent.Command> back = testKit.spawn(Agent.create(spec, restored));
    back.tell(new Agent.RunTurn(turn(1, line(2), line(4)), results.ref()));
    TurnResult after = results.receiveMessage();
    assertThat(after.steps()).extracting(s -> s.guard().outcome()).containsExactly(GuardOutcome.HIT, GuardOutcome.MISS);
  }

  @Test
  void should_keep_metadata_and_refuse_items_of_different_dimensions() {
    AgentSnapshot mixed = new AgentSnapshot("a", 0, List.of(new MemoryItem("m1", "x", new float[] {1, 0}, Map.of("k", 1L)),
        new MemoryItem("m2", "y", new float[] {0, 1, 0}, Map.of())));
    assertThatThrownBy(() -> CompactSnapshot.of(mixed))
        .hasMessage("agent a: item m2 has 3 dimensions, the first item 2");
    AgentSnapshot tagged = new AgentSnapshot("a", 2, List.of(new MemoryItem("m1", "x", new float[] {0.6f, 0.8f},
        Map.of("k", 1L)), new MemoryItem("m2", null, new float[] {0, 1}, Map.of())));
    AgentSnapshot back = CompactSnapshot.of(tagged).restore();
    assertThat(back.items().get(0).metadata()).isEqualTo(Map.of("k", 1L));
    assertThat(back.items().get(1).metadata()).isEmpty();
    assertThat(back.items().get(1).text()).isNull();
    assertThat(CompactSnapshot.of(AgentSnapshot.empty("e")).restore().items()).isEmpty();
  }
}
