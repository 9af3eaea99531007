package dev.memloop.runtime.step;

/**
 * A memory call on a step's handle after that step ended: the handle belongs to one step, whose budget and record
 * are closed. Keep no handle beyond the stage {@code Reasoner.decide} returns.
 */
public final class StepEndedException extends IllegalStateException {

  private static final long serialVersionUID = 1L;

  public StepEndedException(String agentId, int turn, int step, MemoryOp op) {
    super("agent " + agentId + ": " + op.name().toLowerCase(java.util.Locale.ROOT) + " on the memory handle of turn "
        + turn + " step " + step + ", which has ended; use the handle of the step in progress");
  }
}
