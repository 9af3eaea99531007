package dev.memloop.bench.experiments;

import dev.memloop.agents.llm.LlmTriageAgents;
import dev.memloop.agents.triage.CalibrationResult;
import dev.memloop.agents.triage.TriageCalibration;
import dev.memloop.agents.triage.TriageFleet;
import dev.memloop.agents.triage.TriageRun;
import dev.memloop.agents.triage.TriageScore;
import dev.memloop.agents.triage.TriageSummary;
import dev.memloop.cli.report.TextTable;
import dev.memloop.memory.timing.HighResolutionTimer;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.config.AgentConfigs;
import dev.memloop.runtime.config.AgentGroup;
import dev.memloop.runtime.fleet.FleetListener;
import dev.memloop.runtime.fleet.FleetOptions;
import dev.memloop.runtime.fleet.GroupSummary;
import dev.memloop.runtime.llm.LlmCounters;
import dev.memloop.runtime.config.MemoryStoreKind;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.pgvector.PgVectorRun;
import dev.memloop.runtime.reasoner.SimulatedModelPreset;
import dev.memloop.workloads.alerts.AlertWorkloadSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Table 4 and Figure 6, the triage loop guard's dose-response, with the budget sweep and the exact permutation
 * tests: arms (a) in-process, (b) the same guard at +5, +15, +30, +50 and +110 ms (each affordable lookup
 * really waits its delay, on the high-resolution timer), (c) per-turn RAG; five seeded workloads per cell,
 * budget 100 ms per turn. Offline, the two simulated-model presets stand in for the paper's two models.
 */
public final class TriageDoseResponse implements Experiment {

  static final int WORKLOADS = 5;
  static final long[] RUNGS_MS = {5, 15, 30, 50, 110};
  static final long[] SWEEP_BUDGETS_MS = {100, 150, 250, 500};
  static final Duration BUDGET = Duration.ofMillis(100);

  /** One model's arms, the sweep at +110 ms, and the pre-designated contrasts. */
  public record ModelRecords(String model, List<TriageSummary> arms, List<TriageSummary> sweep,
      Map<String, List<Integer>> redundantPerWorkload, double pInProcessVs110, double pInProcessVsPerTurn) {}

  public record Records(CalibrationResult calibration, List<ModelRecords> models, LlmCounters.Snapshot llmCalls,
      DatabaseRungs database) {}

  /**
   * The networked rungs on a real database (nano-sim): agents whose memory is PostgreSQL + pgvector, every lookup a
   * real query, at loopback and with 30 ms injected on top; one agent's turn in flight at a time, since PGlite
   * serves one statement at a time and a flood of agents would measure its queue (docs/BENCHMARKS.md).
   *
   * @param server which database, without a password
   */
  public record DatabaseRungs(String server, List<TriageSummary> arms, List<GroupSummary> runtime) {}

  static final long[] DATABASE_RUNGS_MS = {0, 30};

  /** The LLM arms' calls: one per alert of every arm and sweep budget, retries on top. */
  public static LlmRun.Estimate estimate(int maxRetries) {
    long alerts = (long) (RUNGS_MS.length + 2 + SWEEP_BUDGETS_MS.length) * WORKLOADS * AlertWorkloadSpec.DEFAULT.totalAlerts();
    return new LlmRun.Estimate("table4", alerts, alerts * (1 + maxRetries), alerts * LlmRun.TOKENS_PER_CALL);
  }

  @Override
  public String id() {
    return "table4";
  }

  @Override
  public String title() {
    return "Table 4 / Figure 6: the triage loop guard's dose-response, budget sweep and permutation tests";
  }

  @Override
  public ExperimentReport run(ExperimentContext context) throws Exception {
    AgentConfig base = AgentConfigs.agent(context.system().settings().config()).withEmbedder(context.embedderChoice()).withBudget(BUDGET);
    CalibrationResult calibration = TriageCalibration.calibrate(context.embedder(), AlertWorkloadSpec.DEFAULT);
    List<ModelRecords> models = new ArrayList<>();
    for (SimulatedModelPreset preset : List.of(SimulatedModelPreset.NANO_SIM, SimulatedModelPreset.MINI_SIM)) {
      context.progress("table4: " + preset.configName() + ", 7 arms x " + WORKLOADS + " workloads");
      TriageRun.Outcome arms = run(context, arms(base), preset);
      context.progress("table4: " + preset.configName() + ", budget sweep at +110 ms");
      TriageRun.Outcome sweep = run(context, sweep(base), preset);
      models.add(records(preset.configName(), arms, sweep));
    }
    context.progress("table4: nano-sim, the networked rungs on PostgreSQL + pgvector");
    DatabaseRungs database = databaseRungs(context, base);
    if (context.llm() != null) {
      LlmRun llm = context.llm();
      context.progress("table4: " + llm.settings().model() + " (real model), 7 arms and the budget sweep");
      TriageFleet.Specs specs = (id, config, embedder, agentSeed) -> LlmTriageAgents.spec(id, config, embedder,
          llm.calls(), agentSeed, HighResolutionTimer.shared());
      TriageRun.Outcome arms = run(context, TriageFleet.assemble(arms(base), specs, AlertWorkloadSpec.DEFAULT,
          context.seed()));
      TriageRun.Outcome sweep = run(context, TriageFleet.assemble(sweep(base), specs, AlertWorkloadSpec.DEFAULT,
          context.seed()));
      models.add(records(llm.settings().model(), arms, sweep));
    }
    return TriageDoseResponseReport.of(this, context, calibration, models, database);
  }

  private static DatabaseRungs databaseRungs(ExperimentContext context, AgentConfig base) throws Exception {
    List<AgentGroup> groups = new ArrayList<>();
    for (long rtt : DATABASE_RUNGS_MS) {
      groups.add(new AgentGroup("pgvector-" + rtt + "ms", WORKLOADS, base.withPolicy(MemoryPolicyKind.NETWORKED)
          .withStore(MemoryStoreKind.PGVECTOR).withRtt(Duration.ofMillis(rtt))));
    }
    PgVectorRun opened;
    try {
      opened = PgVectorRun.open(context.system().settings().config(), context.pgUrl(), context.embedder().dimension());
    } catch (java.io.IOException | dev.memloop.memory.MemoryUnavailableException e) {
      // no database here (PGlite needs npm and its registry): the rungs say so instead of a figure
      return new DatabaseRungs("not measured: " + e.getMessage(), List.of(), List.of());
    }
    try (PgVectorRun pg = opened) {
      TriageFleet.Assembly assembly = TriageFleet.assemble(groups, SimulatedModelPreset.NANO_SIM.parameters(),
          AlertWorkloadSpec.DEFAULT, context.seed(), HighResolutionTimer.shared(), pg.memories(context.embedder()));
      FleetOptions oneAtATime = new FleetOptions(FleetOptions.DEFAULT.turnTimeout(), 1, false);
      TriageRun.Outcome outcome = TriageRun.runGroupsInTurn(context.system(), assembly, oneAtATime,
          FleetListener.NONE).toCompletableFuture().get(1, TimeUnit.HOURS);
      return new DatabaseRungs(pg.label(), outcome.groups(), outcome.fleet().groups());
    }
  }

  private static ModelRecords records(String model, TriageRun.Outcome arms, TriageRun.Outcome sweep) {
    Map<String, List<Integer>> perWorkload = new LinkedHashMap<>();
    for (TriageSummary s : arms.groups()) {
      perWorkload.put(s.group(), arms.group(s.group()).stream().map(TriageScore::redundant).toList());
    }
    return new ModelRecords(model, arms.groups(), sweep.groups(), perWorkload,
        PermutationTest.pValue(doubles(perWorkload.get("a-in-process")), doubles(perWorkload.get("b-110ms"))),
        PermutationTest.pValue(doubles(perWorkload.get("a-in-process")), doubles(perWorkload.get("c-per-turn"))));
  }

  private static TriageRun.Outcome run(ExperimentContext context, List<AgentGroup> groups, SimulatedModelPreset preset)
      throws Exception {
    TriageRun.warmUp(context.system(), groups, preset.parameters(), context.seed(), 10);
    return run(context, TriageFleet.assemble(groups, preset.parameters(), AlertWorkloadSpec.DEFAULT, context.seed(),
        HighResolutionTimer.shared()));
  }

  private static TriageRun.Outcome run(ExperimentContext context, TriageFleet.Assembly assembly) throws Exception {
    return TriageRun.runGroupsInTurn(context.system(), assembly, FleetOptions.DEFAULT, FleetListener.NONE)
        .toCompletableFuture().get(24, TimeUnit.HOURS);
  }

  static List<AgentGroup> arms(AgentConfig base) {
    List<AgentGroup> groups = new ArrayList<>();
    groups.add(new AgentGroup("a-in-process", WORKLOADS, base.withPolicy(MemoryPolicyKind.PER_STEP)));
    for (long rtt : RUNGS_MS) {
      groups.add(new AgentGroup("b-" + rtt + "ms", WORKLOADS, base.withPolicy(MemoryPolicyKind.NETWORKED)
          .withRtt(Duration.ofMillis(rtt))));
    }
    groups.add(new AgentGroup("c-per-turn", WORKLOADS, base.withPolicy(MemoryPolicyKind.PER_TURN)));
    return groups;
  }

  static List<AgentGroup> sweep(AgentConfig base) {
    List<AgentGroup> groups = new ArrayList<>();
    for (long budget : SWEEP_BUDGETS_MS) {
      groups.add(new AgentGroup("budget-" + budget + "ms", WORKLOADS, base.withPolicy(MemoryPolicyKind.NETWORKED)
          .withRtt(Duration.ofMillis(110)).withBudget(Duration.ofMillis(budget))));
    }
    return groups;
  }

  /** The paper's label of a group: "(a) in-process", "(b) +30 ms", "(c) per-turn". */
  static String label(String group) {
    if (group.startsWith("pgvector-")) {
      String rtt = group.substring("pgvector-".length(), group.length() - 2);
      return "(b) pgvector" + (rtt.equals("0") ? ", loopback" : ", loopback +" + rtt + " ms");
    }
    if (group.startsWith("b-")) {
      return "(b) +" + group.substring(2, group.length() - 2) + " ms";
    }
    return group.equals("a-in-process") ? "(a) in-process" : group.equals("c-per-turn") ? "(c) per-turn" : group;
  }

  static double[] doubles(List<Integer> values) {
    return values.stream().mapToDouble(Integer::doubleValue).toArray();
  }

  static String range(TriageSummary s) {
    return String.format(Locale.ROOT, "%.1f [%d-%d]", s.redundantMean(), s.redundantMin(), s.redundantMax());
  }
}
