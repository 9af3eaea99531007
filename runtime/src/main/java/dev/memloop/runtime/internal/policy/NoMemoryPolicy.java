package dev.memloop.runtime.internal.policy;

import dev.memloop.memory.MemoryKind;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.memory.MemoryItem;
import dev.memloop.memory.MemoryQuery;
import dev.memloop.memory.Recall;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.runtime.internal.identity.GuardKey;
import dev.memloop.runtime.policy.LatencyBudget;
import dev.memloop.runtime.internal.memory.ReadListener;
import dev.memloop.runtime.internal.memory.WriteListener;
import dev.memloop.runtime.patterns.NoveltyCheck;
import dev.memloop.runtime.step.GuardCheck;
import dev.memloop.runtime.step.MemoryOutcome;
import dev.memloop.runtime.step.ReadCost;
import dev.memloop.runtime.step.MemoryPath;
import dev.memloop.runtime.step.Turn;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/** {@link MemoryPolicyKind#NONE}: the windowed baseline. Reads answer empty, writes are refused, nothing is kept. */
final class NoMemoryPolicy extends MemoryPolicy {

  private static final LatencyBudget NO_LOOKUPS = new LatencyBudget(Long.MAX_VALUE, 0);
  private static final String NO_MEMORY = "policy none keeps no memory";

  NoMemoryPolicy(ObservationMarks marks) {
    super(MemoryPolicyKind.NONE, marks);
  }

  @Override
  public MemoryPolicy withNovelty(NoveltyCheck check, WorkingMemory memory) {
    return new NoMemoryPolicy(ObservationMarks.novelty(check, memory));
  }

  @Override
  public double guardThreshold() {
    return Double.NaN;
  }

  @Override
  public List<String> startTurn(Turn turn) {
    return List.of();
  }

  @Override
  public void guard(GuardKey key, Consumer<GuardCheck> check) {
    check.accept(GuardCheck.NOT_APPLICABLE);
  }

  @Override
  public MemoryOutcome rememberAction(GuardKey key) {
    return MemoryOutcome.NO_MEMORY;
  }

  @Override
  public void search(MemoryQuery query, ReadListener<List<Recall>> listener) {
    listener.done(MemoryOutcome.NO_MEMORY, List.of(), ReadCost.ZERO);
  }

  @Override
  public void match(String text, double threshold, MemoryKind kind, ReadListener<Recall> listener) {
    listener.done(MemoryOutcome.NO_MEMORY, null, ReadCost.ZERO);
  }

  @Override
  public void remember(String text, MemoryKind kind, Map<String, Object> metadata, WriteListener listener) {
    listener.done(MemoryOutcome.NO_MEMORY, NO_MEMORY, 0, 0, 0);
  }

  @Override
  public void endStep() {}

  @Override
  public int endTurn() {
    return 0;
  }

  @Override
  public MemoryPath readPath() {
    return MemoryPath.NONE;
  }

  @Override
  public MemoryPath writePath() {
    return MemoryPath.NONE;
  }

  @Override
  public LatencyBudget budget() {
    return NO_LOOKUPS;
  }

  @Override
  public int size() {
    return 0;
  }

  @Override
  public List<MemoryItem> items() {
    return List.of();
  }

  @Override
  public void restore(String agentId, List<MemoryItem> items) {
    if (!items.isEmpty()) {
      throw new IllegalArgumentException("agent " + agentId + " has no memory of its own to restore " + items.size()
          + " items into");
    }
  }
}
