package dev.memloop.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.memloop.memory.WorkingMemory;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/** One thread removes an old item while another adds: the removal happens, and the add is kept with its text. */
@JCStressTest
@Outcome(id = "1, 1, 1", expect = ACCEPTABLE, desc = "removed, and the new item kept")
@Outcome(expect = FORBIDDEN, desc = "the removal missed, or took the new item with it")
@State
public class RemoveWhileAddingTest {

  private final WorkingMemory memory = Memories.threadSafe();
  private final String old;
  private String added;
  private boolean removed;

  public RemoveWhileAddingTest() {
    old = Memories.add(memory, Memories.A, "a");
  }

  @Actor
  public void remover() {
    removed = memory.remove(old);
  }

  @Actor
  public void writer() {
    added = Memories.add(memory, Memories.B, "b");
  }

  @Arbiter
  public void check(III_Result r) {
    r.r1 = removed ? 1 : 0;
    r.r2 = memory.size();
    r.r3 = Memories.holds(memory, added, "b");
  }
}
