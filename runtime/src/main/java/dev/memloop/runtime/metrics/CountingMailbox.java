package dev.memloop.runtime.metrics;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigValueFactory;
import dev.memloop.runtime.MemloopDispatcher;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.concurrent.atomic.LongAdder;
import org.apache.pekko.actor.ActorRef;
import org.apache.pekko.actor.ActorSystem;
import org.apache.pekko.dispatch.AbstractNodeQueue;
import org.apache.pekko.dispatch.Envelope;
import org.apache.pekko.dispatch.MailboxType;
import org.apache.pekko.dispatch.MessageQueue;
import org.apache.pekko.dispatch.ProducesMessageQueue;
import org.apache.pekko.dispatch.UnboundedMessageQueueSemantics;
import scala.Option;

/**
 * The mailbox typed actors get by default (Pekko's {@code SingleConsumerOnlyUnboundedMailbox}: the same lock-free
 * node queue), that also counts the messages waiting in it: the {@link MetricNames#MAILBOX_BACKLOG} gauge, summed
 * over every actor of every system in this JVM that uses it.
 *
 * <p>Why a mailbox of its own: typed actors do not expose their mailbox's size, and asking every queue its
 * {@code numberOfMessages} would walk them all. Off by default: {@link #enable} makes it {@code memloop.mailbox},
 * the mailbox of every actor spawned with {@link MemloopDispatcher#props()} from then on (agents, stores, boards,
 * coordinators), where each message then costs an increment and a decrement of a striped counter (the CLI enables
 * it with {@code --serve}; docs/BENCHMARKS.md has what it costs).
 */
public final class CountingMailbox implements MailboxType, ProducesMessageQueue<CountingMailbox.CountingQueue> {

  private static final LongAdder BACKLOG = new LongAdder();

  /** The config key the mailbox of memloop's actors is chosen by. */
  public static final String MAILBOX_TYPE = "memloop.mailbox.mailbox-type";

  /** Pekko makes the mailbox type from its config, with this constructor. */
  public CountingMailbox(ActorSystem.Settings settings, Config config) {
    // nothing to read: unbounded, like the default
  }

  /**
   * {@code root} with this mailbox as {@code memloop.mailbox}, and {@link MemloopDispatcher#props()} asking for that
   * mailbox from now on, in this JVM (by default it leaves the mailbox to Pekko).
   */
  public static Config enable(Config root) {
    MemloopDispatcher.useConfiguredMailbox();
    return root.withValue(MAILBOX_TYPE, ConfigValueFactory.fromAnyRef(CountingMailbox.class.getName()));
  }

  /** Messages waiting in counting mailboxes now, in this JVM. */
  public static long backlog() {
    return BACKLOG.sum();
  }

  /** Registers {@link MetricNames#MAILBOX_BACKLOG} in {@code registry}. */
  public static void bindTo(MeterRegistry registry) {
    Gauge.builder(MetricNames.MAILBOX_BACKLOG, CountingMailbox::backlog)
        .description("Messages waiting in the mailboxes of memloop's actors (agents, stores, boards), this JVM")
        .register(registry);
  }

  @Override
  public MessageQueue create(Option<ActorRef> owner, Option<ActorSystem> system) {
    return new CountingQueue();
  }

  /**
   * One actor's queue: Pekko's multi-producer single-consumer node queue (what {@code NodeMessageQueue} is, whose
   * methods are final), counted on the way in and out.
   */
  public static final class CountingQueue extends AbstractNodeQueue<Envelope>
      implements MessageQueue, UnboundedMessageQueueSemantics {

    @Override
    public void enqueue(ActorRef receiver, Envelope handle) {
      add(handle);
      BACKLOG.increment();
    }

    @Override
    public Envelope dequeue() {
      Envelope next = poll();
      if (next != null) {
        BACKLOG.decrement();
      }
      return next;
    }

    @Override
    public int numberOfMessages() {
      return count();
    }

    @Override
    public boolean hasMessages() {
      return !isEmpty();
    }

    @Override
    public void cleanUp(ActorRef owner, MessageQueue deadLetters) {
      for (Envelope left = dequeue(); left != null; left = dequeue()) {
        deadLetters.enqueue(owner, left);
      }
    }
  }
}
