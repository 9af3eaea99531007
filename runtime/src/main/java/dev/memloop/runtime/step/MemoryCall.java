package dev.memloop.runtime.step;

/**
 * One call a reasoner made on its memory handle, as its step recorded it. Times are nanoseconds. Immutable.
 *
 * @param embedNanos embedding the text, in process (0 when nothing was embedded)
 * @param storeNanos the store's own work (0 when nothing ran)
 * @param delayNanos the injected round trip actually achieved (0 in process)
 * @param chargedNanos what the call charged the turn's budget (reads only; writes are never charged)
 */
public record MemoryCall(MemoryOp op, MemoryPath path, MemoryOutcome outcome, long embedNanos, long storeNanos,
    long delayNanos, long chargedNanos) {

  public MemoryCall {
    if (op == null || path == null || outcome == null) {
      throw new IllegalArgumentException("a memory call needs its operation, path and outcome: " + op + ", " + path
          + ", " + outcome);
    }
  }

  /** A call not answered when its step ended. */
  public static MemoryCall pending(MemoryOp op, MemoryPath path) {
    return new MemoryCall(op, path, MemoryOutcome.PENDING, 0, 0, 0, 0);
  }
}
