package dev.memloop.cli;

import dev.memloop.cli.command.Heap;
import dev.memloop.runtime.fleet.FleetListener;
import dev.memloop.runtime.step.TurnResult;
import java.util.ArrayList;
import java.util.List;

/**
 * A fleet's live set at its fullest: measured once every turn is answered and before the agents stop (the largest
 * of several fleets run one after another). On JDK 17's ZGC "heap in use after a collection" counts what was
 * allocated while the collection ran, and read 91.8 KiB per agent where a class histogram counted 43 KiB.
 */
final class FleetLiveSet implements FleetListener {
  /** Classes a run keeps of its largest histogram: what holds the live set, for {@code live-set.txt}. */
  static final int CLASSES_KEPT = 120;

  private long bytes = -1;
  private String largest; // the head of the largest histogram, or null

  @Override
  public void onTurn(TurnResult result) {}

  @Override
  public void onAllAnswered() {
    String histogram = Heap.classHistogram();
    long total = histogram == null ? -1 : Heap.histogramTotal(histogram);
    if (total > bytes) {
      bytes = total;
      List<String> lines = histogram.lines().toList();
      List<String> head = new ArrayList<>(lines.subList(0, Math.min(lines.size(), CLASSES_KEPT + 2)));
      lines.stream().filter(l -> l.startsWith("Total")).findFirst().ifPresent(head::add);
      largest = String.join("\n", head) + "\n";
    }
  }

  /** The largest histogram's header, its {@value #CLASSES_KEPT} largest classes and its total; null if none. */
  String largestHistogram() {
    return largest;
  }

  /** The largest live set measured, or -1 when none could be. */
  long bytes() {
    return bytes;
  }
}
