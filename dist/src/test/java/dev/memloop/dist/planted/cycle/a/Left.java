package dev.memloop.dist.planted.cycle.a;

import dev.memloop.dist.planted.cycle.b.Right;

/** Planted for {@code ArchitectureTest}: half of a package cycle (a -> b -> a). Never used. */
public final class Left {

  Right right;
}
