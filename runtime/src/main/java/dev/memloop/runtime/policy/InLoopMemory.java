package dev.memloop.runtime.policy;

import dev.memloop.runtime.Turn;
import java.util.List;
import java.util.function.Consumer;

/**
 * The per-step and networked policies: the {@link InLoopGuard} before every action, the action's line stored
 * after it runs. Which of the two it is depends only on the guard's {@link MemoryAccess}.
 */
public final class InLoopMemory implements MemoryPolicy {

  private final MemoryPolicyKind kind;
  private final InLoopGuard guard;
  private final MemoryAccess access;

  public InLoopMemory(MemoryPolicyKind kind, InLoopGuard guard, MemoryAccess access) {
    if (!kind.guardsInLoop()) {
      throw new IllegalArgumentException("an in-loop memory is per-step or networked, not " + kind.configName());
    }
    this.kind = kind;
    this.guard = guard;
    this.access = access;
  }

  @Override
  public MemoryPolicyKind kind() {
    return kind;
  }

  @Override
  public List<String> startTurn(Turn turn) {
    guard.budget().startTurn();
    return List.of();
  }

  @Override
  public void beforeAction(String actionLine, Consumer<GuardVerdict> verdict) {
    guard.check(actionLine, verdict);
  }

  @Override
  public void afterAction(String actionLine) {
    guard.remember(actionLine);
  }

  @Override
  public void endTurn() {}

  @Override
  public LatencyBudget budget() {
    return guard.budget();
  }

  @Override
  public int memorySize() {
    return access.size();
  }

  public MemoryAccess access() {
    return access;
  }

  @Override
  public void close() {
    access.close();
  }
}
