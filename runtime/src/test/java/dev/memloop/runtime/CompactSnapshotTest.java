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
import org.apache.pekko.actor.typed.javadsl.Adapter;
import org.apache.pekko.serialization.Serialization;
import org.apache.pekko.serialization.SerializationExtension;
import org.apache.pekko.serialization.Serializer;
import org.apache.pekko.serialization.Serializers;
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

  @Test
  void should_travel_between_nodes_as_cbor_and_come_back_the_same() {
    AgentSnapshot tagged = new AgentSnapshot("moving", 3, List.of(new MemoryItem("m1", "x", new float[] {0.6f, 0.8f},
        Map.of("k", 1L)), new MemoryItem("m2", "y", new float[] {0, -1}, Map.of())));
    CompactSnapshot compact = CompactSnapshot.of(tagged);
    Serialization serialization = SerializationExtension.get(Adapter.toClassic(testKit.system()));
    Serializer serializer = serialization.findSerializerFor(compact);
    assertThat(serializer.getClass().getSimpleName()).isEqualTo("JacksonCborSerializer");
    byte[] bytes = serialization.serialize(compact).get();
    CompactSnapshot read = (CompactSnapshot) serialization.deserialize(bytes, serializer.identifier(),
        Serializers.manifestFor(serializer, compact)).get();

    AgentSnapshot sent = compact.restore();
    AgentSnapshot received = read.restore();
    assertThat(received.turnsCompleted()).isEqualTo(3);
    assertThat(received.items()).extracting(MemoryItem::id).containsExactly("m1", "m2");
    assertThat(received.items()).extracting(MemoryItem::text).containsExactly("x", "y");
    assertThat(received.items().get(0).metadata()).isEqualTo(Map.of("k", 1));
    for (int i = 0; i < 2; i++) {
      assertThat(received.items().get(i).vector()).as("the halves travel exactly").isEqualTo(sent.items().get(i).vector());
    }
    assertThat(CompactSnapshot.of(received).restore().items().get(0).vector()).as("rounding is idempotent")
        .isEqualTo(sent.items().get(0).vector());
  }

  @Test
  void should_refuse_a_snapshot_from_a_peer_whose_parts_disagree() {
    assertThatThrownBy(() -> CompactSnapshot.read("a", 0, 2, new String[] {"m1"}, new String[] {"x"}, null,
        new byte[2]))
        .hasMessage("a compact snapshot whose parts disagree: agent a, 1 ids, 1 texts, 2 vector bytes at dimension 2");
    assertThatThrownBy(() -> CompactSnapshot.read("a", 0, 2, new String[] {"m1"}, new String[0], null, new byte[4]))
        .hasMessageStartingWith("a compact snapshot whose parts disagree: agent a, 1 ids, 0 texts");
  }

  @Test
  void should_replicate_in_less_than_half_the_bytes_of_the_float_snapshot() {
    java.util.Random random = new java.util.Random(7);
    List<MemoryItem> items = new java.util.ArrayList<>();
    for (int i = 0; i < 10; i++) {
      float[] v = new float[256];
      for (int d = 0; d < v.length; d++) {
        v[d] = (float) random.nextGaussian() / 16;
      }
      items.add(new MemoryItem("m-" + i, "investigate host=web-" + i + " sig=port-scan", v, Map.of()));
    }
    AgentSnapshot full = new AgentSnapshot("sized", 1, items);
    Serialization serialization = SerializationExtension.get(Adapter.toClassic(testKit.system()));
    int fullBytes = serialization.serialize(full).get().length;
    int compactBytes = serialization.serialize(CompactSnapshot.of(full)).get().length;
    assertThat(compactBytes).as("compact %d bytes, full %d", compactBytes, fullBytes).isLessThan(fullBytes / 2);
    assertThat(compactBytes).as("the vectors' 5,120 bytes and little else").isLessThan(5_120 + 1_000);
  }
}
