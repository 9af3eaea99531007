package dev.memloop.runtime;

import org.apache.pekko.actor.typed.DispatcherSelector;
import org.apache.pekko.actor.typed.MailboxSelector;
import org.apache.pekko.actor.typed.Props;

/**
 * The dispatcher memloop's actors run on ({@code memloop.dispatcher} in reference.conf): agents, their stores,
 * boards and fleet coordinators. Its own, so that an application embedding memloop keeps Pekko's default
 * dispatcher as Pekko configures it, and so that agents get one thread per core (see reference.conf for why).
 * Spawn an agent with {@code context.spawn(Agent.create(spec), name, MemloopDispatcher.props())}; an agent
 * spawned without it runs on whatever dispatcher its spawner chose, correctly but with Pekko's thread count.
 */
public final class MemloopDispatcher {

  /** The dispatcher's config path. */
  public static final String PATH = "memloop.dispatcher";

  /** The mailbox's config path: typed actors' default, or one that counts the messages waiting. */
  public static final String MAILBOX = "memloop.mailbox";

  private static final Props ON_DISPATCHER = DispatcherSelector.fromConfig(PATH);
  private static final Props WITH_MAILBOX = ON_DISPATCHER.withNext(MailboxSelector.fromConfig(MAILBOX));
  /**
   * Whether actors get {@link #MAILBOX}: off unless asked, because naming the mailbox, even Pekko's own default,
   * measured 3-6% fewer steps/s in a fleet of 20,000 agents than leaving it to Pekko (docs/BENCHMARKS.md).
   */
  private static volatile boolean configuredMailbox;

  private MemloopDispatcher() {}

  /** Props that put an actor on {@link #PATH} (with the mailbox of {@link #MAILBOX} once asked for). */
  public static Props props() {
    return configuredMailbox ? WITH_MAILBOX : ON_DISPATCHER;
  }

  /**
   * From now on, actors spawned with {@link #props()} in this JVM get the mailbox configured at {@link #MAILBOX}
   * (how {@code CountingMailbox} counts): call it before the actor system's actors are spawned.
   */
  public static void useConfiguredMailbox() {
    configuredMailbox = true;
  }
}
