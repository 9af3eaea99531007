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
 * agents alive or hosted, handoffs and collection pauses. A meter not registered is left out. Once the run has
 * {@link #finish finished}, the object says so and keeps the percentiles it had then: a window that has passed with
 * no new sample would otherwise read 0, as if the run had been instant. Thread-safe.
 */
public final class LiveView {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final MeterRegistry registry;
  private final String title;
  /** Each group's last windowed percentiles, by field ("storeP99Us"), frozen once finished. */
  private final java.util.Map<String, java.util.Map<String, Double>> percentiles =
      new java.util.concurrent.ConcurrentHashMap<>();
  private volatile long finishedAt; // 0: running

  /** @param title what the page is showing, as in "memloop fleet: 20,000 agents" */
  public LiveView(MeterRegistry registry, String title) {
    this.registry = registry;
    this.title = title;
  }

  /** The run has ended: what is served from now on says so, with the totals and the percentiles of this moment. */
  public void finish() {
    if (finishedAt == 0) {
      json(); // the percentiles as they are now, kept
      finishedAt = System.currentTimeMillis();
    }
  }

  public String json() {
    ObjectNode root = JSON.createObjectNode();
    root.put("title", title);
    root.put("t", System.currentTimeMillis());
    boolean finished = finishedAt != 0;
    if (finished) {
      root.put("finished", finishedAt);
    }
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
      java.util.Map<String, Double> kept = percentiles.computeIfAbsent(group,
          k -> new java.util.concurrent.ConcurrentHashMap<>());
      for (String operation : new String[] {"embed", "store", "round_trip"}) {
        Timer timer = registry.find(MetricNames.MEMORY_OPERATION).tag(MetricNames.GROUP, group)
            .tag(MetricNames.OPERATION, operation).timer();
        if (!finished && timer != null && timer.count() > 0) {
          for (ValueAtPercentile p : timer.takeSnapshot().percentileValues()) {
            kept.put(operation + (p.percentile() == 0.5 ? "P50" : "P99") + "Us", p.value(TimeUnit.MICROSECONDS));
          }
        }
      }
      kept.forEach(g::put);
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
