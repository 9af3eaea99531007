package dev.memloop.jcstress;

import dev.memloop.memory.Eviction;
import dev.memloop.memory.WorkingMemory;
import java.util.Map;

/** The memories and vectors the stress tests share: small and fixed, so that each state is cheap to make. */
final class Memories {

  static final int DIMENSION = 4;
  static final float[] A = {1, 0, 0, 0};
  static final float[] B = {0, 1, 0, 0};
  static final float[] C = {0, 0, 1, 0};

  private Memories() {}

  /** A thread-safe memory, as several threads share it. */
  static WorkingMemory threadSafe() {
    return WorkingMemory.builder(DIMENSION).threadSafe().build();
  }

  /** A thread-safe memory of {@code capacity} items that evicts the oldest. */
  static WorkingMemory threadSafe(int capacity) {
    return WorkingMemory.builder(DIMENSION).threadSafe().capacity(capacity).eviction(Eviction.OLDEST_FIRST).build();
  }

  static String add(WorkingMemory memory, float[] vector, String text) {
    return memory.addVector(vector, text, Map.of());
  }

  /** 1 when {@code id} is stored with {@code text}, else 0. */
  static int holds(WorkingMemory memory, String id, String text) {
    return memory.items().stream().anyMatch(i -> i.id().equals(id) && text.equals(i.text())) ? 1 : 0;
  }
}
