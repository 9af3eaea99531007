package dev.memloop.runtime.policy;

import dev.memloop.runtime.Turn;
import java.util.List;
import java.util.function.Consumer;

/** The windowed baseline: no memory, no guard; the reasoner has only its window. */
public final class NoMemory implements MemoryPolicy {

  private static final LatencyBudget NO_LOOKUPS = new LatencyBudget(Long.MAX_VALUE, 0);

  @Override
  public MemoryPolicyKind kind() {
    return MemoryPolicyKind.NONE;
  }

  @Override
  public List<String> startTurn(Turn turn) {
    return List.of();
  }

  @Override
  public void beforeAction(String actionLine, Consumer<GuardVerdict> verdict) {
    verdict.accept(GuardVerdict.NOT_APPLICABLE);
  }

  @Override
  public void afterAction(String actionLine) {}

  @Override
  public void endTurn() {}

  @Override
  public LatencyBudget budget() {
    return NO_LOOKUPS;
  }

  @Override
  public int memorySize() {
    return 0;
  }

  @Override
  public void close() {}
}
