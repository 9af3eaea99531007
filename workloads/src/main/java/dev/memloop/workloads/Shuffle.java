package dev.memloop.workloads;

import java.util.List;
import java.util.SplittableRandom;

/** Fisher-Yates with an explicit generator, so that a seed fixes the order ({@code Collections.shuffle} takes a {@code Random}). */
public final class Shuffle {

  private Shuffle() {}

  public static <T> void shuffle(List<T> list, SplittableRandom random) {
    for (int i = list.size() - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      T t = list.get(i);
      list.set(i, list.get(j));
      list.set(j, t);
    }
  }

  /** The same draws and swaps as {@link #shuffle(List, SplittableRandom)}, on ints (no boxing: a fleet makes a plan per turn). */
  public static void shuffle(int[] values, SplittableRandom random) {
    for (int i = values.length - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      int t = values[i];
      values[i] = values[j];
      values[j] = t;
    }
  }
}
