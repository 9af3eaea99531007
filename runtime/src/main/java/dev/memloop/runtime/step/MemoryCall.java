package dev.memloop.runtime.step;

/**
 * One call a reasoner made on its memory handle, as its step recorded it. Immutable.
 *
 * @param cost what it cost ({@link ReadCost#ZERO} when nothing ran); a write's charge is always 0
 */
public record MemoryCall(MemoryOp op, MemoryPath path, MemoryOutcome outcome, ReadCost cost) {

  public MemoryCall {
    if (op == null || path == null || outcome == null || cost == null) {
      throw new IllegalArgumentException("a memory call needs its operation, path, outcome and cost: " + op + ", "
          + path + ", " + outcome + ", " + cost);
    }
  }

  /** A call not answered when its step ended. */
  public static MemoryCall pending(MemoryOp op, MemoryPath path) {
    return new MemoryCall(op, path, MemoryOutcome.PENDING, ReadCost.ZERO);
  }
}
