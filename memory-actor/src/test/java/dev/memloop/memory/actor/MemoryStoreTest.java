package dev.memloop.memory.actor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.memloop.memory.MemoryQuery;
import dev.memloop.memory.Embedder;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.embed.HashingEmbedder;
import dev.memloop.memory.timing.ManualDelayTimer;
import java.time.Duration;
import java.util.Map;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.LogCapturingExtension;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(LogCapturingExtension.class)
class MemoryStoreTest {

  static final ActorTestKit testKit = ActorTestKit.create();
  static final Embedder EMBEDDER = new HashingEmbedder(64);

  @AfterAll
  static void shutdown() {
    testKit.shutdownTestKit();
  }

  @Test
  void should_add_recall_and_match_over_messages() {
    WorkingMemory memory = WorkingMemory.builder(EMBEDDER).threadSafe().build();
    ActorRef<MemoryStore.Command> store = testKit.spawn(MemoryStore.create(memory));
    TestProbe<MemoryStore.Reply> probe = testKit.createTestProbe();

    store.tell(new MemoryStore.Add(1, "investigate host=web-03 sig=ssh-bruteforce", null, Map.of("turn", 1), probe.ref()));
    MemoryStore.Added added = probe.expectMessageClass(MemoryStore.Added.class);
    assertThat(added.requestId()).isEqualTo(1);
    float[] vector = EMBEDDER.embed("rotate certificates on the api gateway");
    store.tell(new MemoryStore.Add(2, "rotate certificates on the api gateway", vector, null, probe.ref()));
    probe.expectMessageClass(MemoryStore.Added.class);

    store.tell(new MemoryStore.Search(3, StoreQuery.text("investigate host=web-03 sig=ssh-bruteforce", 1, 0.99), probe.ref()));
    MemoryStore.Recalled matched = probe.expectMessageClass(MemoryStore.Recalled.class);
    assertThat(matched.items()).singleElement().satisfies(r -> {
      assertThat(r.id()).isEqualTo(added.id());
      assertThat(r.metadata()).containsEntry("turn", 1);
    });
    assertThat(matched.delayNanos()).isZero();

    store.tell(new MemoryStore.Search(4, StoreQuery.vector(EMBEDDER.embed("quarterly revenue report"), 1, 0.9), probe.ref()));
    assertThat(probe.expectMessageClass(MemoryStore.Recalled.class).items()).isEmpty();

    store.tell(new MemoryStore.Search(5, StoreQuery.text("certificates api gateway", 2, MemoryQuery.NO_MINIMUM), probe.ref()));
    MemoryStore.Recalled recalled = probe.expectMessageClass(MemoryStore.Recalled.class);
    assertThat(recalled.items()).hasSize(2);
    assertThat(recalled.items().get(0).text()).isEqualTo("rotate certificates on the api gateway");

    store.tell(new MemoryStore.GetStats(6, probe.ref()));
    assertThat(probe.expectMessageClass(MemoryStore.StatsReply.class).stats().size()).isEqualTo(2);
    assertThat(memory.size()).isEqualTo(2);
  }

  @Test
  void should_reject_bad_requests_by_name_and_change_nothing() {
    WorkingMemory memory = WorkingMemory.builder(EMBEDDER).threadSafe().build();
    memory.add("keep me");
    ActorRef<MemoryStore.Command> store = testKit.spawn(MemoryStore.create(memory));
    TestProbe<MemoryStore.Reply> probe = testKit.createTestProbe();

    store.tell(new MemoryStore.Add(1, " ", null, null, probe.ref()));
    assertThat(probe.expectMessageClass(MemoryStore.Rejected.class).reason()).contains("text must not be null or blank");
    store.tell(new MemoryStore.Search(2, StoreQuery.text("keep me", 1, 1.5), probe.ref()));
    assertThat(probe.expectMessageClass(MemoryStore.Rejected.class).reason()).contains("minScore must be in [-1, 1]: 1.5");
    store.tell(new MemoryStore.Search(3, StoreQuery.text("keep", 0, MemoryQuery.NO_MINIMUM), probe.ref()));
    assertThat(probe.expectMessageClass(MemoryStore.Rejected.class).reason()).contains("k must be > 0: 0");
    store.tell(new MemoryStore.Add(4, "wrong size", new float[3], null, probe.ref()));
    MemoryStore.Rejected rejected = probe.expectMessageClass(MemoryStore.Rejected.class);
    assertThat(rejected.reason()).contains("vector dimension 3 != 64");
    assertThat(rejected.requestId()).isEqualTo(4);

    assertThat(memory.size()).isEqualTo(1);
    store.tell(new MemoryStore.Search(5, StoreQuery.text("keep me", 1, 0.99), probe.ref()));
    assertThat(probe.expectMessageClass(MemoryStore.Recalled.class).items()).hasSize(1);
  }

  @Test
  void should_delay_every_reply_by_the_round_trip_and_report_it() {
    ManualDelayTimer timer = new ManualDelayTimer();
    WorkingMemory memory = WorkingMemory.builder(EMBEDDER).threadSafe().build();
    memory.add("investigate host=web-03 sig=ssh-bruteforce");
    ActorRef<MemoryStore.Command> store = testKit.spawn(MemoryStore.create(memory, Duration.ofMillis(30), timer));
    TestProbe<MemoryStore.Reply> probe = testKit.createTestProbe();

    store.tell(new MemoryStore.Search(7, StoreQuery.text("investigate host=web-03 sig=ssh-bruteforce", 1, 0.9), probe.ref()));
    await().until(() -> timer.pending() == 1); // served, reply waiting on the timer
    timer.advance(Duration.ofMillis(29));
    assertThat(timer.pending()).as("not yet due").isEqualTo(1);
    timer.advance(Duration.ofMillis(1));
    MemoryStore.Recalled matched = probe.expectMessageClass(MemoryStore.Recalled.class);
    assertThat(matched.requestId()).isEqualTo(7);
    assertThat(matched.delayNanos()).isEqualTo(Duration.ofMillis(30).toNanos());
    assertThat(matched.items()).hasSize(1);
    assertThat(matched.storeNanos()).isPositive();
  }

  @Test
  void should_keep_its_memory_through_a_restart() {
    Embedder failing = new Embedder() {
      @Override
      public float[] embed(String text) {
        if (text.equals("boom")) {
          throw new UnsupportedOperationException("the embedder broke on 'boom'");
        }
        return EMBEDDER.embed(text);
      }

      @Override
      public int dimension() {
        return EMBEDDER.dimension();
      }
    };
    WorkingMemory memory = WorkingMemory.builder(failing).threadSafe().build();
    ActorRef<MemoryStore.Command> store = testKit.spawn(MemoryStore.create(memory));
    TestProbe<MemoryStore.Reply> probe = testKit.createTestProbe();
    store.tell(new MemoryStore.Add(1, "remember this", null, null, probe.ref()));
    probe.expectMessageClass(MemoryStore.Added.class);

    store.tell(new MemoryStore.Add(2, "boom", null, null, probe.ref())); // fails the actor, which restarts
    store.tell(new MemoryStore.Search(3, StoreQuery.text("remember this", 1, 0.99), probe.ref()));
    MemoryStore.Recalled matched = probe.expectMessageClass(MemoryStore.Recalled.class);
    assertThat(matched.requestId()).isEqualTo(3);
    assertThat(matched.items()).extracting(r -> r.text()).containsExactly("remember this");
  }

  @Test
  void should_close_the_memory_and_stop() {
    WorkingMemory memory = WorkingMemory.builder(EMBEDDER).threadSafe().build();
    ActorRef<MemoryStore.Command> store = testKit.spawn(MemoryStore.create(memory));
    TestProbe<MemoryStore.Reply> probe = testKit.createTestProbe();
    store.tell(new MemoryStore.Close(9, probe.ref()));
    assertThat(probe.expectMessageClass(MemoryStore.Closed.class).requestId()).isEqualTo(9);
    probe.expectTerminated(store);
    assertThat(memory.isClosed()).isTrue();
  }

  @Test
  void should_refuse_to_start_with_bad_arguments() {
    WorkingMemory memory = WorkingMemory.allocate(EMBEDDER);
    assertThatThrownBy(() -> MemoryStore.create(null)).hasMessageContaining("memory must not be null");
    assertThatThrownBy(() -> MemoryStore.create(memory, Duration.ofMillis(-1), new ManualDelayTimer()))
        .hasMessageContaining("round trip must be >= 0: -1ms");
    assertThatThrownBy(() -> MemoryStore.create(memory, Duration.ofMillis(5), null))
        .hasMessageContaining("a round trip of 5ms needs a DelayTimer");
  }
}
