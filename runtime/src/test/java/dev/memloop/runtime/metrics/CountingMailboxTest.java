package dev.memloop.runtime.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.typesafe.config.ConfigFactory;
import dev.memloop.runtime.MemloopDispatcher;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.junit.jupiter.api.Test;

/**
 * An actor on memloop's dispatcher held busy while messages arrive: the backlog gauge shows the messages waiting,
 * and falls back once they are handled. A latch holds the actor, so the counts are exact, not timed.
 */
class CountingMailboxTest {

  @Test
  void should_count_the_messages_waiting_for_an_actor_and_none_once_handled() throws Exception {
    ActorSystem<Void> system = ActorSystem.create(Behaviors.empty(), "mailbox",
        CountingMailbox.enable(ConfigFactory.load()));
    try {
      SimpleMeterRegistry registry = new SimpleMeterRegistry();
      CountingMailbox.bindTo(registry);
      long before = CountingMailbox.backlog();
      CountDownLatch release = new CountDownLatch(1);
      CountDownLatch busy = new CountDownLatch(1);
      AtomicInteger handled = new AtomicInteger();
      ActorRef<String> slow = system.systemActorOf(Behaviors.receiveMessage(message -> {
        busy.countDown();
        release.await(30, TimeUnit.SECONDS); // holds the actor: what arrives meanwhile waits in its mailbox
        handled.incrementAndGet();
        return Behaviors.same();
      }), "slow", MemloopDispatcher.props());
      for (int i = 0; i < 5; i++) {
        slow.tell("m" + i);
      }
      assertThat(busy.await(30, TimeUnit.SECONDS)).isTrue();
      await().atMost(Duration.ofSeconds(30)).until(() -> CountingMailbox.backlog() - before == 4);
      assertThat(registry.get(MetricNames.MAILBOX_BACKLOG).gauge().value()).isEqualTo(before + 4.0);
      release.countDown();
      await().atMost(Duration.ofSeconds(30)).until(() -> handled.get() == 5);
      assertThat(CountingMailbox.backlog()).as("every message taken").isEqualTo(before);
    } finally {
      system.terminate();
      system.getWhenTerminated().toCompletableFuture().get(1, TimeUnit.MINUTES);
    }
  }
}
