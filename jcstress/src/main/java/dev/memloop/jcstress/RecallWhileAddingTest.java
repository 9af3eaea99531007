package dev.memloop.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.memloop.memory.Recall;
import dev.memloop.memory.WorkingMemory;
import java.util.List;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * A recall while another thread adds sees the memory before the add or after it, whole: one item and it is the old
 * one, or both with the new one first (the query is its vector); never a half-added item.
 */
@JCStressTest
@Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "recalled before the add")
@Outcome(id = "2, 1", expect = ACCEPTABLE, desc = "recalled after the add, the new item first")
@Outcome(expect = FORBIDDEN, desc = "a half-added item: missing text, wrong order, or an empty answer")
@State
public class RecallWhileAddingTest {

  private final WorkingMemory memory = Memories.threadSafe();

  public RecallWhileAddingTest() {
    Memories.add(memory, Memories.A, "a");
  }

  @Actor
  public void writer() {
    Memories.add(memory, Memories.B, "b");
  }

  @Actor
  public void reader(II_Result r) {
    List<Recall> found = memory.recallVector(Memories.B, 10);
    r.r1 = found.size();
    boolean whole = found.size() == 1 ? "a".equals(found.get(0).text())
        : found.size() == 2 && "b".equals(found.get(0).text()) && "a".equals(found.get(1).text());
    r.r2 = whole ? 1 : 0;
  }
}
