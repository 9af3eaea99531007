package dev.memloop.dist.planted.crossing;

import dev.memloop.memory.internal.vector.VectorMath;

/** Planted for {@code ArchitectureTest}: a class outside memory-actor that uses memory-actor's internals. */
public final class UsesAnInternal {

  private UsesAnInternal() {}

  static String kernels() {
    return VectorMath.implementationName();
  }
}
