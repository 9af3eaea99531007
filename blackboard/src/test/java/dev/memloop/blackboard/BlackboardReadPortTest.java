package dev.memloop.blackboard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.memloop.memory.actor.StoreQuery;
import dev.memloop.memory.actor.MemoryStore;
import dev.memloop.memory.embed.HashingEmbedder;
import dev.memloop.memory.timing.ManualDelayTimer;
import java.time.Duration;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.LogCapturingExtension;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The networked readers' way in: the MemoryStore protocol over the posts, delayed, and read-only. */
@ExtendWith(LogCapturingExtension.class)
class BlackboardReadPortTest {

  static final ActorTestKit testKit = ActorTestKit.create();

  @AfterAll
  static void shutdown() {
    testKit.shutdownTestKit();
  }

  @Test
  void should_answer_reads_after_the_round_trip_and_refuse_writes() {
    HashingEmbedder embedder = new HashingEmbedder(64);
    BlackboardSetup setup = BlackboardSetup.of(embedder);
    ManualDelayTimer timer = new ManualDelayTimer();
    ActorRef<Blackboard.Command> board = testKit.spawn(setup.behavior());
    ActorRef<MemoryStore.Command> reads = testKit.spawn(setup.readPort(Duration.ofMillis(30), timer));
    TestProbe<Blackboard.PostReply> acks = testKit.createTestProbe();
    board.tell(new Blackboard.Post(1, "agent-1", "investigate host=web-03 sig=port-scan", null, null, acks.ref()));
    acks.expectMessageClass(Blackboard.Posted.class);

    TestProbe<MemoryStore.Reply> replies = testKit.createTestProbe();
    reads.tell(new MemoryStore.Search(5, StoreQuery.vector(embedder.embed("investigate host=web-03 sig=port-scan"), 1,
        0.99), replies.ref()));
    await().until(() -> timer.pending() == 1);
    timer.advance(Duration.ofMillis(30));
    MemoryStore.Recalled matched = replies.expectMessageClass(MemoryStore.Recalled.class);
    assertThat(matched.items()).singleElement().satisfies(r -> assertThat(r.author()).isEqualTo("agent-1"));
    assertThat(matched.delayNanos()).isEqualTo(Duration.ofMillis(30).toNanos());

    reads.tell(new MemoryStore.Add(6, "sneaking in", null, null, replies.ref()));
    await().until(() -> timer.pending() == 1);
    timer.advance(Duration.ofMillis(30));
    assertThat(replies.expectMessageClass(MemoryStore.Rejected.class).reason())
        .contains("a blackboard is written only through Blackboard.Post");
    assertThat(setup.view().size()).isEqualTo(1);
  }
}
