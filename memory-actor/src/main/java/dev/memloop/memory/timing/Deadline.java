package dev.memloop.memory.timing;

import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * A blocking call to another process, bounded as a whole. HTTP clients bound the connection and the wait for the
 * response's headers; a server that then trickles its body holds the caller for as long as it likes. Here the call
 * runs on a daemon thread of its own and the caller waits at most the deadline; past it the call is cancelled (its
 * thread interrupted: a client that ignores the interrupt keeps that thread until the server lets go, never the
 * caller).
 */
public final class Deadline {

  /** Thrown to the caller when the deadline passed; its cause is a {@link TimeoutException}. */
  public static final class Exceeded extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Exceeded(String what, Duration deadline) {
      super(what + ": no whole answer within " + Units.config(deadline), new TimeoutException(what));
    }
  }

  private static final ExecutorService CALLS = Executors.newCachedThreadPool(runnable -> {
    Thread thread = new Thread(runnable, "memloop-outside-call");
    thread.setDaemon(true);
    return thread;
  });

  private Deadline() {}

  /**
   * The call's answer, or {@link Exceeded} once {@code deadline} has passed; what the call throws is rethrown as it
   * was (an unchecked exception; a checked one wrapped in an {@link IllegalStateException}).
   *
   * @param what names the call in the timeout's message, as in "embedding request to http://127.0.0.1:8080/v1"
   */
  public static <T> T within(Duration deadline, String what, Supplier<T> call) {
    if (deadline == null || deadline.isNegative() || deadline.isZero()) {
      throw new IllegalArgumentException("a deadline must be > 0: " + Units.config(deadline));
    }
    Future<T> running = CALLS.submit(call::get);
    try {
      return running.get(deadline.toNanos(), TimeUnit.NANOSECONDS);
    } catch (TimeoutException late) {
      running.cancel(true);
      throw new Exceeded(what, deadline);
    } catch (ExecutionException failed) {
      if (failed.getCause() instanceof RuntimeException e) {
        throw e;
      }
      if (failed.getCause() instanceof Error e) {
        throw e;
      }
      throw new IllegalStateException(failed.getCause());
    } catch (InterruptedException interrupted) {
      running.cancel(true);
      Thread.currentThread().interrupt();
      throw new IllegalStateException(what + ": interrupted", interrupted);
    }
  }
}
