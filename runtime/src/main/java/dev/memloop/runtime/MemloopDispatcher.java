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

  private static final Props PROPS = DispatcherSelector.fromConfig(PATH)
      .withNext(MailboxSelector.fromConfig(MAILBOX));

  private MemloopDispatcher() {}

  /** Props that put an actor on {@link #PATH}, with the mailbox of {@link #MAILBOX}. */
  public static Props props() {
    return PROPS;
  }
}
