package dev.memloop.runtime.fleet;

import dev.memloop.runtime.step.TurnResult;

/** Hears every turn a fleet completes, one at a time on the fleet's stream (so it needs no locking). */
@FunctionalInterface
public interface FleetListener {

  FleetListener NONE = result -> {};

  void onTurn(TurnResult result);
}
