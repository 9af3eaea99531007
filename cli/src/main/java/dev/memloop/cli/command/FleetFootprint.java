package dev.memloop.cli.command;

/**
 * The heap one agent of a fleet ({@code memloop fleet}) needs, by how this JVM lays objects out: what a fleet, or a
 * command that runs one beside other work ({@code memloop lifecycle idle}), is refused on before anything is built
 * ({@link Heap#require}).
 */
public final class FleetFootprint {

  private FleetFootprint() {}

  /**
   * One per-step agent's share of a fleet's live set once every turn is answered (its memory, its last turn's records
   * and its grade; no workload is held; the vectors and texts its memory shares with the fleet's other agents held
   * once), as a class histogram counts it at 100,000 agents, by how the JVM lays objects out: 8.3 KiB with compressed
   * pointers (G1, JDK 17; 7.8 with compact headers on JDK 25), 9.8 with ZGC and compact headers (JDK 25), 10.8 with
   * ZGC's wide pointers (JDK 17) (docs/BENCHMARKS.md, "Lean bookkeeping"); each rounded up. It was 26.7 KiB before
   * agents shared their content, and 13.4 before the memory's bookkeeping became arrays.
   */
  public static long liveBytesPerAgent(Heap.Layout layout) {
    switch (layout) {
      case COMPRESSED_POINTERS:
        return 8_704; // 8.5 KiB
      case COMPACT_HEADERS:
        return 10_240; // 10 KiB
      default:
        return 11_264; // 11 KiB
    }
  }

  /**
   * The heap a collector needs beyond the live set, as a factor of it, on top of {@link Heap#USABLE}'s own margin
   * (together 1.56 times the live set): a million agents ran to the end in 19 GiB of heap under ZGC (docs/
   * BENCHMARKS.md). ZGC fills whatever heap it is given before it collects, so the heap in use is no measure of
   * what it needs.
   */
  public static final double COLLECTOR_HEADROOM = 1.25;

  /** The heap one agent needs on this JVM: a fleet whose agents cannot fit is refused before anything is built. */
  public static long bytesPerAgent() {
    return (long) (liveBytesPerAgent(Heap.Layout.current()) * COLLECTOR_HEADROOM);
  }
}
