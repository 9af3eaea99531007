package dev.memloop.runtime.fleet;

import dev.memloop.runtime.step.TurnResult;

/** Hears every turn a fleet completes, one at a time on the fleet's stream (so it needs no locking). */
@FunctionalInterface
public interface FleetListener {

  FleetListener NONE = result -> {};

  void onTurn(TurnResult result);

  /** Tells every listener of {@code listeners} each turn, in order. */
  static FleetListener all(FleetListener... listeners) {
    FleetListener[] copy = listeners.clone();
    for (FleetListener listener : copy) {
      if (listener == null) {
        throw new IllegalArgumentException("a fleet listener is null");
      }
    }
    return result -> {
      for (FleetListener listener : copy) {
        listener.onTurn(result);
      }
    };
  }
}
