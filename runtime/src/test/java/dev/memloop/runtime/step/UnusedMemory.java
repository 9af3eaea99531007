package dev.memloop.runtime.step;

import dev.memloop.memory.MemoryKind;
import java.util.Map;
import java.util.concurrent.CompletionStage;

/** A memory handle for reasoner tests that must not touch memory: every call fails the test, naming it. */
public final class UnusedMemory implements StepMemory {

  public static final UnusedMemory INSTANCE = new UnusedMemory();

  private UnusedMemory() {}

  @Override
  public CompletionStage<Recalled> recall(String query, int k) {
    throw new AssertionError("the reasoner recalled '" + query + "'; this test expects no memory call");
  }

  @Override
  public CompletionStage<Recalled> search(dev.memloop.memory.MemoryQuery query) {
    throw new AssertionError("the reasoner searched " + query + "; this test expects no memory call");
  }

  @Override
  public CompletionStage<Matched> match(String text, double threshold, MemoryKind kind) {
    throw new AssertionError("the reasoner matched '" + text + "'; this test expects no memory call");
  }

  @Override
  public CompletionStage<Matched> seen(String text) {
    throw new AssertionError("the reasoner asked seen '" + text + "'; this test expects no memory call");
  }

  @Override
  public CompletionStage<Remembered> remember(MemoryKind kind, String text, Map<String, ?> metadata) {
    throw new AssertionError("the reasoner remembered '" + text + "'; this test expects no memory call");
  }

  @Override
  public long budgetLeftNanos() {
    return Long.MAX_VALUE;
  }
}
