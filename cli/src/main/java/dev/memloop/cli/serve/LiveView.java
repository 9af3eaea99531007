package dev.memloop.cli.serve;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.memloop.runtime.metrics.MetricNames;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.distribution.ValueAtPercentile;
import java.util.concurrent.TimeUnit;

/**
 * What the live page shows, read from the registry once a second and sent as one JSON object: per group the
 * running totals (the page turns them into rates) and the memory operations' windowed p50 and p99 (Micrometer's
 * estimate over the last {@code 10 s}, not the reports' nearest rank over every sample); for the process, the
 * agents alive or hosted, handoffs and collection pauses. A meter not registered is left out.
 */
public final class LiveView {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final MeterRegistry registry;
  private final String title;

  /** @param title what the page is showing, as in "memloop fleet: 20,000 agents" */
  public LiveView(MeterRegistry registry, String title) {
    this.registry = registry;
    this.title = title;
  }

  public String json() {
    ObjectNode root = JSON.createObjectNode();
    root.put("title", title);
    root.put("t", System.currentTimeMillis());
    var groups = root.putArray("groups");
    for (Counter steps : registry.find(MetricNames.STEPS).counters()) {
      String group = steps.getId().getTag(MetricNames.GROUP);
      String policy = steps.getId().getTag(MetricNames.POLICY);
      ObjectNode g = groups.addObject();
      g.put("group", group);
      g.put("policy", policy);
      g.put("steps", steps.count());
      g.put("turns", count(MetricNames.TURNS, group));
      g.put("executed", count(MetricNames.ACTIONS_EXECUTED, group));
      g.put("redundant", count(MetricNames.REDUNDANT_ACTIONS, group));
      g.put("repeated", count(MetricNames.ACTIONS_REPEATED, group));
      g.put("unaffordable", count(MetricNames.LOOKUPS_UNAFFORDABLE, group));
      g.put("budgetGranted", count(MetricNames.BUDGET_GRANTED, group));
      g.put("budgetSpent", count(MetricNames.BUDGET_SPENT, group));
      Counter hits = registry.find(MetricNames.GUARD_CHECKS).tag(MetricNames.GROUP, group)
          .tag(MetricNames.OUTCOME, "hit").counter();
      g.put("guardHits", hits == null ? 0 : hits.count());
      Counter stored = registry.find(MetricNames.MEMORY_WRITES).tag(MetricNames.GROUP, group)
          .tag(MetricNames.OUTCOME, "stored").counter();
      g.put("writesStored", stored == null ? 0 : stored.count());
      for (String operation : new String[] {"embed", "store", "round_trip"}) {
        Timer timer = registry.find(MetricNames.MEMORY_OPERATION).tag(MetricNames.GROUP, group)
            .tag(MetricNames.OPERATION, operation).timer();
        if (timer != null && timer.count() > 0) {
          for (ValueAtPercentile p : timer.takeSnapshot().percentileValues()) {
            g.put(operation + (p.percentile() == 0.5 ? "P50" : "P99") + "Us", p.value(TimeUnit.MICROSECONDS));
          }
        }
      }
    }
    gauge(root, "agentsAlive", MetricNames.AGENTS_ALIVE);
    gauge(root, "agentsHosted", MetricNames.AGENTS_HOSTED);
    Counter handoffs = registry.find(MetricNames.HANDOFFS).counter();
    if (handoffs != null) {
      root.put("handoffs", handoffs.count());
    }
    double pauses = 0;
    for (Timer pause : registry.find("jvm.gc.pause").timers()) {
      pauses += pause.totalTime(TimeUnit.SECONDS);
    }
    root.put("gcPauseSeconds", pauses);
    return root.toString();
  }

  private double count(String name, String group) {
    Counter counter = registry.find(name).tag(MetricNames.GROUP, group).counter();
    return counter == null ? 0 : counter.count();
  }

  private void gauge(ObjectNode root, String field, String name) {
    Gauge gauge = registry.find(name).gauge();
    if (gauge != null) {
      root.put(field, gauge.value());
    }
  }
}
