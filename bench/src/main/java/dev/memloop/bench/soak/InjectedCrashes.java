package dev.memloop.bench.soak;

import dev.memloop.runtime.Reasoner;
import dev.memloop.runtime.ReasonerFactory;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;

/**
 * Reasoners that throw on their next decision once armed: the fault a bug in a user's reasoner is. The runtime's
 * promise is that the agent restarts with its memory, answers the interrupted turn as aborted, and goes on.
 * Thread-safe: the fault schedule arms from its own thread, each agent disarms on its own.
 */
final class InjectedCrashes {

  /** What an armed reasoner throws. */
  static final class InjectedFault extends RuntimeException {
    InjectedFault(String agentId) {
      super("soak: a crash injected into the reasoner of " + agentId, null, false, false);
    }
  }

  private final ConcurrentHashMap<String, AtomicBoolean> armed = new ConcurrentHashMap<>();
  private final LongAdder thrown = new LongAdder();

  /** {@code inner}'s reasoners, each of which throws once after {@link #arm} names its agent. */
  ReasonerFactory around(ReasonerFactory inner) {
    return context -> {
      Reasoner reasoner = inner.create(context);
      AtomicBoolean trigger = armed.computeIfAbsent(context.agentId(), id -> new AtomicBoolean());
      return step -> {
        if (trigger.compareAndSet(true, false)) {
          thrown.increment();
          throw new InjectedFault(context.agentId());
        }
        return reasoner.decide(step);
      };
    };
  }

  /** Arms {@code agentId}'s reasoner; false when it has none yet or is armed already. */
  boolean arm(String agentId) {
    AtomicBoolean trigger = armed.get(agentId);
    return trigger != null && trigger.compareAndSet(false, true);
  }

  /** Crashes thrown so far (an armed agent that never decides again throws none). */
  long thrown() {
    return thrown.sum();
  }
}
