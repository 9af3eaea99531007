package dev.memloop.runtime.internal.policy;

import dev.memloop.memory.MemoryKind;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.runtime.internal.identity.GuardKey;
import dev.memloop.runtime.internal.memory.ChargedReads;
import dev.memloop.runtime.internal.memory.WriteListener;
import dev.memloop.runtime.patterns.NoveltyCheck;
import dev.memloop.runtime.step.GuardCheck;
import dev.memloop.runtime.step.MemoryOutcome;
import dev.memloop.runtime.step.MemoryPath;
import dev.memloop.runtime.step.Turn;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * {@link MemoryPolicyKind#PER_STEP} and {@link MemoryPolicyKind#NETWORKED}: the guard before every action, and every
 * read and write straight through the access as it is made (a method call on the agent's own memory, or messages to
 * a store). The two differ only in their access.
 */
final class InLoopPolicy extends ReadingPolicy {

  InLoopPolicy(MemoryPolicyKind kind, ChargedReads reads, double guardThreshold, WorkingMemory ownMemory,
      String author, ObservationMarks marks) {
    super(kind, reads, guardThreshold, ownMemory, author, marks);
  }

  @Override
  public MemoryPolicy withNovelty(NoveltyCheck check, WorkingMemory memory) {
    return new InLoopPolicy(kind(), reads, guardThreshold, ownMemory, author, ObservationMarks.novelty(check, memory));
  }

  @Override
  public List<String> startTurn(Turn turn) {
    reads.budget().startTurn();
    reads.access().startTurn();
    return List.of();
  }

  @Override
  public void guard(GuardKey key, Consumer<GuardCheck> check) {
    reads.guard(key, guardThreshold, check);
  }

  @Override
  public MemoryOutcome rememberAction(GuardKey key) {
    MemoryOutcome[] outcome = {MemoryOutcome.PENDING};
    writeAction(key, (written, idOrReason, embedNanos, storeNanos, delayNanos) -> outcome[0] = written);
    return outcome[0];
  }

  @Override
  public void remember(String text, MemoryKind kind, Map<String, Object> metadata, WriteListener listener) {
    write(kind, text, metadata, listener);
  }

  @Override
  public int endTurn() {
    return 0;
  }

  @Override
  public MemoryPath writePath() {
    return reads.access().writePath();
  }
}
