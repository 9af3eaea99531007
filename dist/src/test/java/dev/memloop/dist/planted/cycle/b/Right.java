package dev.memloop.dist.planted.cycle.b;

import dev.memloop.dist.planted.cycle.a.Left;

/** Planted for {@code ArchitectureTest}: the other half of a package cycle (b -> a -> b). Never used. */
public final class Right {

  Left left;
}
