package dev.memloop.runtime.internal.policy;

import dev.memloop.memory.MemoryKind;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.memory.Recall;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.runtime.internal.identity.GuardKey;
import dev.memloop.runtime.internal.memory.ChargedReads;
import dev.memloop.runtime.internal.memory.WriteListener;
import dev.memloop.runtime.patterns.NoveltyCheck;
import dev.memloop.runtime.step.GuardCheck;
import dev.memloop.runtime.step.MemoryOutcome;
import dev.memloop.runtime.step.MemoryPath;
import dev.memloop.runtime.step.Observation;
import dev.memloop.runtime.step.Turn;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * {@link MemoryPolicyKind#PER_TURN} (the paper's arm (c)): at the turn's start a dump of the memory is pinned into
 * the reasoner's context; reads during the turn see the memory as it was then; writes are held and written, in
 * order, when the turn ends. No guard in the loop.
 */
final class PerTurnPolicy extends ReadingPolicy {

  private final DumpRead dump;
  private final int dumpTopK;
  private List<Held> held; // writes waiting for the turn's end; allocated by the first

  /** A write held for the turn's end; {@code action} is set for an action that ran (null for a reasoner's write). */
  private record Held(MemoryKind kind, String text, Map<String, Object> metadata, GuardKey action) {}

  PerTurnPolicy(ChargedReads reads, double guardThreshold, DumpRead dump, int dumpTopK, WorkingMemory ownMemory,
      String author, ObservationMarks marks) {
    super(MemoryPolicyKind.PER_TURN, reads, guardThreshold, ownMemory, author, marks);
    this.dump = dump;
    this.dumpTopK = dumpTopK;
  }

  @Override
  public MemoryPolicy withNovelty(NoveltyCheck check, WorkingMemory memory) {
    return new PerTurnPolicy(reads, guardThreshold, dump, dumpTopK, ownMemory, author,
        ObservationMarks.novelty(check, memory));
  }

  @Override
  public List<String> startTurn(Turn turn) {
    reads.budget().startTurn();
    reads.access().startTurn();
    int size = reads.access().size();
    if (size <= 0) {
      return List.of();
    }
    int k = dumpTopK == 0 ? size : Math.min(dumpTopK, size);
    StringBuilder query = new StringBuilder();
    for (Observation o : turn.observations()) {
      query.append(o.text()).append('\n');
    }
    List<String> pinned = new ArrayList<>(k);
    for (Recall r : dump.recall(query.toString(), k)) {
      pinned.add(r.text());
    }
    return pinned;
  }

  @Override
  public void guard(GuardKey key, Consumer<GuardCheck> check) {
    check.accept(GuardCheck.NOT_APPLICABLE);
  }

  @Override
  public MemoryOutcome rememberAction(GuardKey key) {
    hold(new Held(MemoryKind.ACTION, key.line(), Map.of(), key));
    return MemoryOutcome.BUFFERED;
  }

  @Override
  public void remember(String text, MemoryKind kind, Map<String, Object> metadata, WriteListener listener) {
    hold(new Held(kind, text, metadata, null));
    listener.done(MemoryOutcome.BUFFERED, null, 0, 0, 0);
  }

  private void hold(Held write) {
    if (held == null) {
      held = new ArrayList<>();
    }
    held.add(write);
  }

  @Override
  public int endTurn() {
    if (held == null) {
      return 0;
    }
    List<Held> writes = held;
    held = null;
    int[] refused = {0};
    WriteListener counted = (outcome, idOrReason, embedNanos, storeNanos, delayNanos) -> {
      if (outcome == MemoryOutcome.REFUSED) {
        refused[0]++;
      }
    };
    for (Held w : writes) {
      if (w.action() != null) {
        writeAction(w.action(), counted);
      } else {
        write(w.kind(), w.text(), w.metadata(), counted);
      }
    }
    return refused[0];
  }

  @Override
  public MemoryPath writePath() {
    return MemoryPath.BUFFER;
  }
}
