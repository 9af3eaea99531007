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

/**
 * A memory of two items holding one, two threads adding at once: the oldest is evicted, both new writes are kept,
 * and the memory never holds more than its capacity.
 */
@JCStressTest
@Outcome(id = "2, 0, 2", expect = ACCEPTABLE, desc = "the oldest evicted, both new writes kept")
@Outcome(expect = FORBIDDEN, desc = "over capacity, a new write evicted, or the oldest kept")
@State
public class AddsAtCapacityTest {

  private final WorkingMemory memory = Memories.threadSafe(2);
  private final String old;
  private String b;
  private String c;

  public AddsAtCapacityTest() {
    old = Memories.add(memory, Memories.A, "a");
  }

  @Actor
  public void writerB() {
    b = Memories.add(memory, Memories.B, "b");
  }

  @Actor
  public void writerC() {
    c = Memories.add(memory, Memories.C, "c");
  }

  @Arbiter
  public void check(III_Result r) {
    r.r1 = memory.size();
    r.r2 = Memories.holds(memory, old, "a");
    r.r3 = Memories.holds(memory, b, "b") + Memories.holds(memory, c, "c");
  }
}
