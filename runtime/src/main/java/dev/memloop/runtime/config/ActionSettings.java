package dev.memloop.runtime.config;

import dev.memloop.memory.timing.Units;
import java.time.Duration;
import java.util.Set;

/**
 * How an agent runs the actions its guard allowed ({@code memloop.agent.actions}). Immutable; checked here.
 *
 * @param dispatcher the config path of the dispatcher asynchronous actions run on; never Pekko's default
 *     dispatcher or memloop's, where agents step
 * @param timeout how long one attempt may take before the step records it as timed out and goes on
 * @param retries how many times a failed attempt is tried again before the step reports it failed
 * @param retryBackoff the wait before each retry (0 for none)
 */
public record ActionSettings(String dispatcher, Duration timeout, int retries, Duration retryBackoff) {

  /** The dispatchers refused for actions: memloop's, where agents step, and Pekko's default, where Pekko works. */
  public static final Set<String> REFUSED = Set.of("memloop.dispatcher",
      "pekko.actor.default-dispatcher");
  /** memloop's own action dispatcher, defined in reference.conf. */
  public static final String ACTION_DISPATCHER = "memloop.action-dispatcher";

  public static final ActionSettings DEFAULTS = new ActionSettings(ACTION_DISPATCHER, Duration.ofSeconds(30), 0,
      Duration.ZERO);

  public ActionSettings {
    if (dispatcher == null || dispatcher.isBlank()) {
      throw new IllegalArgumentException("actions.dispatcher must name a dispatcher's config path: '" + dispatcher + "'");
    }
    if (REFUSED.contains(dispatcher.trim())) {
      throw new IllegalArgumentException("actions must not run on " + dispatcher.trim() + " (a blocking action would "
          + "stall the agents or Pekko working there); name a dispatcher of their own, such as " + ACTION_DISPATCHER);
    }
    if (timeout == null || timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("actions.timeout must be > 0: " + Units.config(timeout));
    }
    if (retries < 0) {
      throw new IllegalArgumentException("actions.retries must be >= 0: " + retries);
    }
    if (retryBackoff == null || retryBackoff.isNegative()) {
      throw new IllegalArgumentException("actions.retry-backoff must be >= 0: " + Units.config(retryBackoff));
    }
    dispatcher = dispatcher.trim();
  }

  /** These settings on the dispatcher at config path {@code newDispatcher} ({@code actions.dispatcher}). */
  public ActionSettings withDispatcher(String newDispatcher) {
    return new ActionSettings(newDispatcher, timeout, retries, retryBackoff);
  }

  /** These settings with one attempt's limit {@code newTimeout} ({@code actions.timeout}). */
  public ActionSettings withTimeout(Duration newTimeout) {
    return new ActionSettings(dispatcher, newTimeout, retries, retryBackoff);
  }

  /** These settings retrying a failed attempt {@code newRetries} times, {@code backoff} apart. */
  public ActionSettings withRetries(int newRetries, Duration backoff) {
    return new ActionSettings(dispatcher, timeout, newRetries, backoff);
  }
}
