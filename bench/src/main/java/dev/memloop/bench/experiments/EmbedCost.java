package dev.memloop.bench.experiments;

import dev.memloop.cli.report.TextTable;
import dev.memloop.memory.timing.Units;
import java.util.List;
import java.util.Locale;

/**
 * §7, the remaining cost is embedding: the local embedder's p50, the complete in-loop operation (embed, then a
 * top-8 recall) at a small working set and at 1,000 items, and the network embedder's cost beside them.
 */
public final class EmbedCost implements Experiment {

  public record Records(String embedder, StoreOps small, StoreOps thousand, long networkEmbedNanos, String networkSource) {}

  @Override
  public boolean pricesNetworkEmbedding() {
    return true;
  }

  @Override
  public String id() {
    return "sec7";
  }

  @Override
  public String title() {
    return "Section 7: embedding is the remaining cost";
  }

  @Override
  public ExperimentReport run(ExperimentContext context) throws Exception {
    int trials = context.size(2_000, 500);
    StoreOps small = StoreOps.measure(context.embedder(), 100, trials, context.seed());
    StoreOps thousand = StoreOps.measure(context.embedder(), 1_000, trials, context.seed());
    long network = context.networkEmbed().toNanos();
    TextTable table = new TextTable("operation", "p50", "paper");
    table.row("local embed (" + context.embedder().name() + ")", Units.microsWithUnit(small.embedP50()), "31.7 us (potion-retrieval-32M)");
    table.row("complete embed + recall, 100 items", Units.microsWithUnit(small.completeP50()), "40 us");
    table.row("complete embed + recall, 1,000 items", Units.microsWithUnit(thousand.completeP50()), "~116 us (84 us recall + embed)");
    table.row("network embed", Units.time(network), "202 ms");
    table.row("network / complete local (100 items)", String.format(Locale.ROOT, "%,.0fx",
        (double) network / small.completeP50()), "~5,000x");
    String notes = "Network embed: " + context.networkEmbedSource() + ". Percentiles are nearest-rank over "
        + trials + " trials after as many warm-up ones.";
    return new ExperimentReport(id(), title(), List.of(new ExperimentReport.Section("Per-operation cost:", table)),
        List.of(), notes, new Records(context.embedder().name(), small, thousand, network, context.networkEmbedSource()));
  }
}
