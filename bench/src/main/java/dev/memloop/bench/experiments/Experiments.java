package dev.memloop.bench.experiments;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Every experiment {@code memloop reproduce} runs, in the paper's order, and the selection by id. */
public final class Experiments {

  private Experiments() {}

  public static List<Experiment> all() {
    return List.of(new TripRecall(), new FeasibilityFrontier(), new RetrievalTax(), new RecallLatency(), new LoopGuardMechanism(), new TriageDoseResponse(),
        new WindowFactsSweep(), new EmbedCost(), new Amplification(), new ReadPolicyGap(), new LongHorizon(), new NoveltyGrounding(), new ConfusionResistance());
  }

  /** The named experiments in run order; null or empty selects all. Unknown names are refused, naming them. */
  public static List<Experiment> select(List<String> ids) {
    List<Experiment> all = all();
    if (ids == null || ids.isEmpty()) {
      return all;
    }
    Map<String, Experiment> byId = new LinkedHashMap<>();
    all.forEach(e -> byId.put(e.id(), e));
    for (String id : ids) {
      if (!byId.containsKey(id)) {
        throw new IllegalArgumentException("no experiment '" + id + "'; choose from " + byId.keySet());
      }
    }
    List<Experiment> chosen = new ArrayList<>();
    for (Experiment e : all) {
      if (ids.contains(e.id())) {
        chosen.add(e);
      }
    }
    return chosen;
  }
}
