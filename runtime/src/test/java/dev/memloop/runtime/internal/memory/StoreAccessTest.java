package dev.memloop.runtime.internal.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memloop.memory.actor.MemoryStore;
import dev.memloop.memory.timing.ManualDelayTimer;
import dev.memloop.runtime.step.MemoryPath;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** The networked arm's bookkeeping, with a probe as the store so that replies come exactly when the test says. */
class StoreAccessTest {

  static final ActorTestKit testKit = ActorTestKit.create();

  @AfterAll
  static void shutdown() {
    testKit.shutdownTestKit();
  }

  private static StoreAccess access(TestProbe<MemoryStore.Command> store) {
    TestProbe<MemoryStore.Reply> replies = testKit.createTestProbe();
    return new StoreAccess(store.ref(), MemoryPath.STORE, replies.ref(), new ManualDelayTimer(), id -> {}, 0);
  }

  @Test
  void should_run_a_snapshot_waiting_on_writes_only_once_every_write_sent_before_it_is_acknowledged() {
    TestProbe<MemoryStore.Command> store = testKit.createTestProbe();
    StoreAccess access = access(store);
    List<String> ran = new ArrayList<>();

    access.afterWritesAcknowledged(() -> ran.add("nothing in flight"));
    assertThat(ran).as("no write in flight: at once").containsExactly("nothing in flight");

    access.add("a", new float[] {1, 0}, Map.of(), (outcome, id, storeNanos, delayNanos) -> {});
    access.add("b", new float[] {0, 1}, Map.of(), (outcome, id, storeNanos, delayNanos) -> {});
    MemoryStore.Add first = store.expectMessageClass(MemoryStore.Add.class);
    MemoryStore.Add second = store.expectMessageClass(MemoryStore.Add.class);
    access.afterWritesAcknowledged(() -> ran.add("after a and b"));
    access.add("c", new float[] {1, 1}, Map.of(), (outcome, id, storeNanos, delayNanos) -> {});
    MemoryStore.Add third = store.expectMessageClass(MemoryStore.Add.class);

    access.onReply(new MemoryStore.Added(second.requestId(), "m2", 0, 0));
    assertThat(ran).as("a is still in flight").hasSize(1);
    access.onReply(new MemoryStore.Added(first.requestId(), "m1", 0, 0));
    assertThat(ran).as("a write sent after the snapshot was asked for does not hold it back")
        .containsExactly("nothing in flight", "after a and b");
    access.onReply(new MemoryStore.Added(third.requestId(), "m3", 0, 0));
    assertThat(ran).as("it ran once").hasSize(2);
  }

  @Test
  void should_run_a_waiting_snapshot_when_the_writes_it_waits_for_are_abandoned() {
    TestProbe<MemoryStore.Command> store = testKit.createTestProbe();
    StoreAccess access = access(store);
    List<String> ran = new ArrayList<>();
    access.add("a", new float[] {1, 0}, Map.of(), (outcome, id, storeNanos, delayNanos) -> {});
    access.afterWritesAcknowledged(() -> ran.add("snapshot"));
    assertThat(ran).isEmpty();

    access.abandon(); // a restarted behavior never hears the old acknowledgement: the asker must not wait forever

    assertThat(ran).containsExactly("snapshot");
  }
}
