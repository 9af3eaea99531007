package dev.memloop.runtime.step;

/**
 * How a step's action ran. Immutable.
 *
 * @param attempts executor calls made (0 when nothing ran; more than 1 after retries)
 * @param output what the executor answered (DONE), may be null
 * @param error the last failure (FAILED) or the timeout (TIMED_OUT), else null
 * @param nanos from the first attempt to the outcome, retries and backoff included
 */
public record ActionRun(ActionStatus status, int attempts, String output, String error, long nanos) {

  /** No action ran. */
  public static final ActionRun NOT_RUN = new ActionRun(ActionStatus.NOT_RUN, 0, null, null, 0);

  public ActionRun {
    if (status == null) {
      throw new IllegalArgumentException("an action run needs its status");
    }
    if (attempts < 0) {
      throw new IllegalArgumentException("attempts must be >= 0: " + attempts);
    }
  }

  /** Whether the action was carried out. */
  public boolean done() {
    return status == ActionStatus.DONE;
  }
}
