package dev.memloop.runtime.fleet;

import dev.memloop.runtime.step.TurnResult;

/** Hears every turn a fleet completes, one at a time on the fleet's stream (so it needs no locking). */
@FunctionalInterface
public interface FleetListener {

  FleetListener NONE = result -> {};

  void onTurn(TurnResult result);

  /**
   * Called once, when every turn has been answered and before the agents stop: the moment the fleet holds the most
   * (every memory at its fullest, every record kept) and its figures are taken (the run's wall time ends before
   * this), so a listener may measure the heap here, pauses included, without touching a turn.
   */
  default void onAllAnswered() {}
  // a listener that wraps another must pass this on too: compose with all(...), not a lambda calling onTurn

  /** Tells every listener of {@code listeners} each turn, in order, and then that all were answered. */
  static FleetListener all(FleetListener... listeners) {
    FleetListener[] copy = listeners.clone();
    for (FleetListener listener : copy) {
      if (listener == null) {
        throw new IllegalArgumentException("a fleet listener is null");
      }
    }
    return new FleetListener() {
      @Override
      public void onTurn(TurnResult result) {
        for (FleetListener listener : copy) {
          listener.onTurn(result);
        }
      }

      @Override
      public void onAllAnswered() {
        for (FleetListener listener : copy) {
          listener.onAllAnswered();
        }
      }
    };
  }
}
