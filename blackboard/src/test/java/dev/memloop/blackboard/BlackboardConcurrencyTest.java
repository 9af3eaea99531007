package dev.memloop.blackboard;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memloop.memory.Recall;
import dev.memloop.memory.embed.HashingEmbedder;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.LogCapturingExtension;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Many posting actors and reading threads at once: every post acknowledged is present exactly once, ids never
 * collide, and no reader ever sees an entry without its text, author and sequence. The full size (1,000 x
 * 1,000) is {@code memloop blackboard stress}; this test runs 100 x 100.
 */
@ExtendWith(LogCapturingExtension.class)
class BlackboardConcurrencyTest {

  static final ActorTestKit testKit = ActorTestKit.create();
  static final HashingEmbedder EMBEDDER = new HashingEmbedder(64);

  @AfterAll
  static void shutdown() {
    testKit.shutdownTestKit();
  }

  /** A poster: sends its posts as fast as it can and records every acknowledgment. */
  static Behavior<Blackboard.PostReply> poster(ActorRef<Blackboard.Command> board, int n, int posts,
      ConcurrentLinkedQueue<Blackboard.Posted> acked, CountDownLatch done) {
    return Behaviors.setup(context -> {
      for (int i = 0; i < posts; i++) {
        board.tell(new Blackboard.Post(i, "poster-" + n, "finding " + i + " of poster " + n, null, Map.of("i", i),
            context.getSelf()));
      }
      int[] remaining = {posts};
      return Behaviors.receiveMessage(reply -> {
        if (reply instanceof Blackboard.Posted posted) {
          acked.add(posted);
        }
        if (--remaining[0] == 0) {
          done.countDown();
          return Behaviors.stopped();
        }
        return Behaviors.same();
      });
    });
  }

  @Test
  void should_keep_every_post_of_concurrent_writers_exactly_once_while_readers_read() throws Exception {
    int posters = 100;
    int posts = 100;
    // small segments: writers and readers cross a seal about every 100 posts
    BlackboardSetup setup = BlackboardSetup.of(EMBEDDER, PostLimits.DEFAULT, 97);
    ActorRef<Blackboard.Command> board = testKit.spawn(setup.behavior());
    ConcurrentLinkedQueue<Blackboard.Posted> acked = new ConcurrentLinkedQueue<>();
    CountDownLatch done = new CountDownLatch(posters);
    AtomicBoolean writing = new AtomicBoolean(true);
    AtomicLong reads = new AtomicLong();
    ConcurrentLinkedQueue<String> torn = new ConcurrentLinkedQueue<>();
    List<Thread> readers = new ArrayList<>();
    for (int r = 0; r < 2; r++) {
      Thread reader = new Thread(() -> {
        while (writing.get()) {
          for (Recall recall : setup.view().recall("finding of poster", 8)) {
            if (recall.text() == null || recall.author() == null || !recall.metadata().containsKey("seq")
                || setup.view().vector(recall.id()).isEmpty()) {
              torn.add(recall.toString());
            }
          }
          reads.incrementAndGet();
        }
      });
      reader.start();
      readers.add(reader);
    }
    for (int p = 0; p < posters; p++) {
      testKit.spawn(poster(board, p, posts, acked, done));
    }
    assertThat(done.await(2, TimeUnit.MINUTES)).isTrue();
    writing.set(false);
    for (Thread reader : readers) {
      reader.join();
    }

    assertThat(acked).hasSize(posters * posts);
    Set<String> ids = new HashSet<>();
    Set<Long> sequences = new HashSet<>();
    for (Blackboard.Posted p : acked) {
      assertThat(ids.add(p.id())).as("id collision on " + p.id()).isTrue();
      assertThat(sequences.add(p.sequence())).isTrue();
      assertThat(setup.view().vector(p.id())).as("acknowledged post " + p.id() + " present").isPresent();
    }
    assertThat(setup.view().size()).isEqualTo(posters * posts);
    assertThat(sequences).contains(1L, (long) posters * posts);
    assertThat(torn).as("entries seen half-written").isEmpty();
    assertThat(reads.get()).isPositive();
  }

  @Test
  void should_keep_what_a_crashed_poster_was_acknowledged_for() throws Exception {
    BlackboardSetup setup = BlackboardSetup.of(EMBEDDER);
    ActorRef<Blackboard.Command> board = testKit.spawn(setup.behavior());
    ConcurrentLinkedQueue<Blackboard.Posted> acked = new ConcurrentLinkedQueue<>();
    CountDownLatch done = new CountDownLatch(1);
    Behavior<Blackboard.PostReply> crashing = Behaviors.setup(context -> {
      for (int i = 0; i < 50; i++) {
        board.tell(new Blackboard.Post(i, "crasher", "note " + i + " before the crash", null, null, context.getSelf()));
      }
      int[] remaining = {50};
      return Behaviors.receiveMessage(reply -> {
        acked.add((Blackboard.Posted) reply);
        if (--remaining[0] == 0) {
          done.countDown();
          throw new IllegalStateException("the poster crashes mid-turn"); // stops it (no supervision)
        }
        return Behaviors.same();
      });
    });
    testKit.spawn(crashing);
    assertThat(done.await(1, TimeUnit.MINUTES)).isTrue();
    assertThat(acked).hasSize(50);
    for (Blackboard.Posted p : acked) {
      assertThat(setup.view().vector(p.id())).isPresent();
    }
  }
}
