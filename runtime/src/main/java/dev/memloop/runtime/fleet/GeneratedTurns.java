package dev.memloop.runtime.fleet;

import dev.memloop.runtime.step.Turn;
import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;
import java.util.function.IntFunction;

/**
 * Turns made when they are read, not held: a {@link FleetMember} fed these keeps none of its workload in the heap
 * between turns (the fleet reads each turn once, when it sends it; a retry sends the turn it already holds). The
 * generator must give the same turn for the same index every time it is asked, as a seeded workload does.
 * Unmodifiable.
 */
public final class GeneratedTurns extends AbstractList<Turn> implements RandomAccess {

  private final int count;
  private final IntFunction<Turn> turn;

  private GeneratedTurns(int count, IntFunction<Turn> turn) {
    this.count = count;
    this.turn = turn;
  }

  /**
   * {@code count} turns, turn {@code i} made by {@code turn.apply(i)} when read.
   *
   * @throws IllegalArgumentException if {@code count} is negative or {@code turn} is null
   */
  public static List<Turn> of(int count, IntFunction<Turn> turn) {
    if (count < 0) {
      throw new IllegalArgumentException("generated turns: count must be at least 0: " + count);
    }
    if (turn == null) {
      throw new IllegalArgumentException("generated turns need a function that makes turn i");
    }
    return new GeneratedTurns(count, turn);
  }

  /**
   * Makes turn {@code index}.
   *
   * @throws IllegalStateException if the generator made a turn of another index
   */
  @Override
  public Turn get(int index) {
    if (index < 0 || index >= count) {
      throw new IndexOutOfBoundsException("turn " + index + " of " + count + " generated turns");
    }
    Turn made = turn.apply(index);
    if (made == null || made.index() != index) {
      throw new IllegalStateException("the generator of turn " + index + " made "
          + (made == null ? "nothing" : "turn " + made.index()));
    }
    return made;
  }

  @Override
  public int size() {
    return count;
  }
}
