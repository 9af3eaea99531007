package dev.memloop.runtime.fleet;

import dev.memloop.runtime.step.MemoryCall;

/** Counts a group's reasoner memory calls as they arrive. Not thread-safe: fed by the fleet's stream. */
final class MemoryCallTally {

  private long reads;
  private long writes;
  private long unaffordable;
  private long timedOut;
  private long noMemory;
  private long refused;

  void add(MemoryCall call) {
    if (call.op().reads()) {
      reads++;
    } else {
      writes++;
    }
    switch (call.outcome()) {
      case UNAFFORDABLE -> unaffordable++;
      case TIMED_OUT -> timedOut++;
      case NO_MEMORY -> noMemory++;
      case REFUSED -> refused++;
      default -> { }
    }
  }

  GroupSummary.MemoryCalls counts() {
    return new GroupSummary.MemoryCalls(reads, writes, unaffordable, timedOut, noMemory, refused);
  }
}
