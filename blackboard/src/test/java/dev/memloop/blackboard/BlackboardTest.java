package dev.memloop.blackboard;

import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.ConfigFactory;
import dev.memloop.memory.Embedder;
import dev.memloop.memory.MemoryKind;
import dev.memloop.memory.Recall;
import dev.memloop.memory.embed.HashingEmbedder;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.LogCapturingExtension;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@ExtendWith(LogCapturingExtension.class)
class BlackboardTest {

  // every message crosses a serializer, as it would between nodes
  static final ActorTestKit testKit = ActorTestKit.create(ConfigFactory.parseString(
      "pekko.actor.serialize-messages = on").withFallback(ConfigFactory.load()));
  static final Embedder EMBEDDER = new HashingEmbedder(64);

  @AfterAll
  static void shutdown() {
    testKit.shutdownTestKit();
  }

  static Blackboard.Posted post(ActorRef<Blackboard.Command> board, TestProbe<Blackboard.PostReply> acks, String author,
      String text) {
    board.tell(new Blackboard.Post(1, author, text, null, Map.of("turn", 2), acks.ref()));
    return acks.expectMessageClass(Blackboard.Posted.class);
  }

  @Test
  void should_make_an_acknowledged_post_visible_to_every_reader_in_order() {
    BlackboardSetup setup = BlackboardSetup.of(EMBEDDER);
    ActorRef<Blackboard.Command> board = testKit.spawn(setup.behavior());
    TestProbe<Blackboard.PostReply> acks = testKit.createTestProbe();

    Blackboard.Posted first = post(board, acks, "agent-1", "investigate host=web-03 sig=ssh-bruteforce");
    assertThat(setup.view().match("investigate host=web-03 sig=ssh-bruteforce", 0.99)).hasValueSatisfying(r -> {
      assertThat(r.id()).isEqualTo(first.id());
      assertThat(r.metadata()).containsEntry(MemoryKind.AUTHOR_KEY, "agent-1").containsEntry("seq", 1L).containsEntry("turn", 2)
          .containsKey("postedAt");
    });
    Blackboard.Posted second = post(board, acks, "agent-2", "isolate host=db-02 sig=sql-injection");
    assertThat(second.sequence()).isEqualTo(first.sequence() + 1);
    assertThat(second.id()).isNotEqualTo(first.id());
    assertThat(setup.view().size()).isEqualTo(2);
    assertThat(setup.view().seen("isolate host=db-02 sig=sql-injection", 0.99)).isTrue();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "blank text | agent | '   ' | text must not be null or blank",
      "blank author | '  ' | fine text | author must not be null or blank: '  '",
      "reserved key | agent | fine text | metadata key 'seq' is the blackboard's own",
      "oversized text | agent | LONG | exceeds the limit of 100",
      "too much metadata | agent | fine text | metadata of 4 entries exceeds the limit of 3",
      "oversized metadata value | agent | fine text | metadata value for 'note' of 21 chars exceeds the limit of 20"})
  void should_refuse_bad_posts_by_name_count_them_and_keep_serving(String name, String author, String text,
      String reason) {
    BlackboardSetup setup = BlackboardSetup.of(EMBEDDER, new PostLimits(100, 3, 20));
    ActorRef<Blackboard.Command> board = testKit.spawn(setup.behavior());
    TestProbe<Blackboard.PostReply> acks = testKit.createTestProbe();
    Map<String, Object> metadata = new HashMap<>();
    if (name.equals("reserved key")) {
      metadata.put("seq", 7);
    } else if (name.equals("too much metadata")) {
      metadata.putAll(Map.of("a", 1, "b", 2, "c", 3, "d", 4));
    } else if (name.equals("oversized metadata value")) {
      metadata.put("note", "x".repeat(21));
    }
    board.tell(new Blackboard.Post(9, author, text.equals("LONG") ? "y ".repeat(60) : text, null, metadata, acks.ref()));
    Blackboard.PostRejected rejected = acks.expectMessageClass(Blackboard.PostRejected.class);
    assertThat(rejected.requestId()).isEqualTo(9);
    assertThat(rejected.reason()).contains(reason);

    post(board, acks, "agent", "still serving");
    TestProbe<Blackboard.Stats> stats = testKit.createTestProbe();
    board.tell(new Blackboard.GetStats(stats.ref()));
    Blackboard.Stats s = stats.receiveMessage();
    assertThat(s.rejected()).isEqualTo(1);
    assertThat(s.posted()).isEqualTo(1);
    assertThat(s.size()).isEqualTo(1);
  }

  @Test
  void should_refuse_vectors_the_memory_refuses() {
    BlackboardSetup setup = BlackboardSetup.of(EMBEDDER);
    ActorRef<Blackboard.Command> board = testKit.spawn(setup.behavior());
    TestProbe<Blackboard.PostReply> acks = testKit.createTestProbe();
    float[] nan = EMBEDDER.embed("something");
    nan[3] = Float.NaN;
    board.tell(new Blackboard.Post(1, "a", "something", nan, null, acks.ref()));
    assertThat(acks.expectMessageClass(Blackboard.PostRejected.class).reason()).contains("vector[3] is NaN");
    board.tell(new Blackboard.Post(2, "a", "something", new float[5], null, acks.ref()));
    assertThat(acks.expectMessageClass(Blackboard.PostRejected.class).reason()).contains("vector dimension 5 != 64");
    assertThat(setup.view().size()).isZero();
  }

  @Test
  void should_tell_a_subscriber_of_a_matching_post_once_and_of_nothing_else() {
    BlackboardSetup setup = BlackboardSetup.of(EMBEDDER);
    ActorRef<Blackboard.Command> board = testKit.spawn(setup.behavior());
    TestProbe<Blackboard.PostReply> acks = testKit.createTestProbe();
    TestProbe<Blackboard.Notification> watcher = testKit.createTestProbe();
    TestProbe<Blackboard.Notification> bystander = testKit.createTestProbe();
    board.tell(new Blackboard.Subscribe("investigate host=web-03 sig=ssh-bruteforce", 0.95, watcher.ref()));
    watcher.expectMessageClass(Blackboard.Subscribed.class);

    post(board, acks, "agent-2", "rotate certificates on the api gateway");
    Blackboard.Posted matching = post(board, acks, "agent-1", "investigate host=web-03 sig=ssh-bruteforce");
    Blackboard.PostMatched heard = watcher.expectMessageClass(Blackboard.PostMatched.class);
    assertThat(heard.id()).isEqualTo(matching.id());
    assertThat(heard.author()).isEqualTo("agent-1");
    assertThat(heard.similarity()).isGreaterThan(0.99);

    board.tell(new Blackboard.Unsubscribe(watcher.ref()));
    post(board, acks, "agent-1", "investigate host=web-03 sig=ssh-bruteforce");
    watcher.expectNoMessage(Duration.ofMillis(200));
    bystander.expectNoMessage(Duration.ZERO);
  }

  @Test
  void should_refuse_bad_subscriptions_and_forget_stopped_subscribers() {
    BlackboardSetup setup = BlackboardSetup.of(EMBEDDER);
    ActorRef<Blackboard.Command> board = testKit.spawn(setup.behavior());
    TestProbe<Blackboard.Notification> probe = testKit.createTestProbe();
    board.tell(new Blackboard.Subscribe(" ", 0.9, probe.ref()));
    assertThat(probe.expectMessageClass(Blackboard.SubscriptionRefused.class).reason()).contains("query must not be null or blank");
    board.tell(new Blackboard.Subscribe("x y z", 1.5, probe.ref()));
    assertThat(probe.expectMessageClass(Blackboard.SubscriptionRefused.class).reason()).contains("threshold must be in [-1, 1]: 1.5");
    board.tell(new Blackboard.Subscribe("!!!", 0.5, probe.ref()));
    assertThat(probe.expectMessageClass(Blackboard.SubscriptionRefused.class).reason()).contains("zero vector");

    TestProbe<Blackboard.Notification> leaving = testKit.createTestProbe();
    board.tell(new Blackboard.Subscribe("anything goes", 0.5, leaving.ref()));
    leaving.expectMessageClass(Blackboard.Subscribed.class);
    leaving.stop();
    TestProbe<Blackboard.Stats> stats = testKit.createTestProbe();
    org.awaitility.Awaitility.await().until(() -> {
      board.tell(new Blackboard.GetStats(stats.ref()));
      return stats.receiveMessage().subscriptions() == 0;
    });
  }

  @Test
  void should_keep_every_acknowledged_post_and_subscription_through_a_restart() {
    Embedder breaking = new Embedder() {
      @Override
      public float[] embed(String text) {
        if (text.contains("boom")) {
          throw new UnsupportedOperationException("the embedder broke on '" + text + "'");
        }
        return EMBEDDER.embed(text);
      }

      @Override
      public int dimension() {
        return EMBEDDER.dimension();
      }
    };
    BlackboardSetup setup = BlackboardSetup.of(breaking);
    ActorRef<Blackboard.Command> board = testKit.spawn(setup.behavior());
    TestProbe<Blackboard.PostReply> acks = testKit.createTestProbe();
    TestProbe<Blackboard.Notification> watcher = testKit.createTestProbe();
    board.tell(new Blackboard.Subscribe("quarantine host=mail-04", 0.95, watcher.ref()));
    watcher.expectMessageClass(Blackboard.Subscribed.class);
    Blackboard.Posted kept = post(board, acks, "agent-1", "keep this finding");

    board.tell(new Blackboard.Post(2, "agent-1", "boom", null, null, acks.ref())); // fails the actor: a restart
    Blackboard.Posted after = post(board, acks, "agent-1", "quarantine host=mail-04");
    assertThat(after.sequence()).as("the sequence carried on").isEqualTo(kept.sequence() + 1);
    assertThat(watcher.expectMessageClass(Blackboard.PostMatched.class).id()).isEqualTo(after.id());
    assertThat(setup.view().match("keep this finding", 0.99)).map(Recall::id).contains(kept.id());
    TestProbe<Blackboard.Stats> stats = testKit.createTestProbe();
    board.tell(new Blackboard.GetStats(stats.ref()));
    assertThat(stats.receiveMessage().restarts()).isEqualTo(1);
  }
}
