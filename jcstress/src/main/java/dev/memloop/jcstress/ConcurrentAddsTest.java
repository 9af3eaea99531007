package dev.memloop.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.memloop.memory.WorkingMemory;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/** Two threads add at once: both writes are kept, each under an id of its own, with its own text. */
@JCStressTest
@Outcome(id = "2, 1, 1, 1", expect = ACCEPTABLE, desc = "both kept, distinct ids, each with its text")
@Outcome(expect = FORBIDDEN, desc = "a write lost, overwritten, or two writes under one id")
@State
public class ConcurrentAddsTest {

  private final WorkingMemory memory = Memories.threadSafe();
  private String first;
  private String second;

  @Actor
  public void writerA() {
    first = Memories.add(memory, Memories.A, "a");
  }

  @Actor
  public void writerB() {
    second = Memories.add(memory, Memories.B, "b");
  }

  @Arbiter
  public void check(IIII_Result r) {
    r.r1 = memory.size();
    r.r2 = Memories.holds(memory, first, "a");
    r.r3 = Memories.holds(memory, second, "b");
    r.r4 = first.equals(second) ? 0 : 1;
  }
}
