package dev.memloop.memory;

import dev.memloop.memory.internal.vector.VectorMath;

/**
 * Which vector kernels this JVM runs memloop's indexes on: {@code "panama"} (the Vector API, with
 * {@code --add-modules jdk.incubator.vector}) or {@code "scalar"}, chosen once per JVM ({@code -Dmemloop.vector.impl}
 * overrides the choice). Every run records it beside its figures, because the same search costs several times more
 * on the scalar kernels.
 */
public final class VectorKernels {

  private VectorKernels() {}

  /**
   * The kernels' name.
   *
   * @throws ExceptionInInitializerError when {@code -Dmemloop.vector.impl} names no kernels (its cause says which)
   */
  public static String name() {
    return VectorMath.implementationName();
  }
}
