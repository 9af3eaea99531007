package dev.memloop.bench.soak;

import com.typesafe.config.Config;
import dev.memloop.agents.triage.TriageAgents;
import dev.memloop.agents.triage.TriageFleet;
import dev.memloop.agents.triage.TriageWorkloads;
import dev.memloop.bench.audit.WriteAudit;
import dev.memloop.bench.audit.WriteLedger;
import dev.memloop.memory.Embedder;
import dev.memloop.memory.timing.HighResolutionTimer;
import dev.memloop.pgvector.PgVectorSettings;
import dev.memloop.pgvector.PgVectorStore;
import dev.memloop.pgvector.PgliteServer;
import dev.memloop.runtime.AgentSpec;
import dev.memloop.runtime.ExternalMemories;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.config.AgentGroup;
import dev.memloop.runtime.config.EmbedderChoice;
import dev.memloop.runtime.config.MemoryStoreKind;
import dev.memloop.pgvector.PgVectorConfig;
import dev.memloop.runtime.fleet.FleetMember;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.reasoner.SimulatedModelPreset;
import dev.memloop.runtime.step.GuardOutcome;
import dev.memloop.runtime.step.TurnResult;
import dev.memloop.workloads.alerts.AlertWorkloadSpec;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.pekko.actor.typed.ActorSystem;

/**
 * {@code memloop soak}: a mixed fleet run wave after wave for a duration, with faults injected on a schedule, and
 * every acknowledged write audited at the end. Four groups: per-step and per-turn agents (their own memories),
 * networked agents with a store actor of their own, and networked agents whose memory is in PostgreSQL + pgvector
 * (PGlite on its own data directory, killed with SIGKILL and started again on a schedule; or the user's own
 * server, never killed). A pgvector agent keeps its memory across waves, as a restarted agent does.
 */
public final class Soak {

  /** The soak's settings, checked by the command. */
  public record Settings(Duration duration, int agentsPerGroup, Duration faultEvery, Duration outage, long seed,
      String pgUrl, Path dataDir, Duration turnTimeout) {}

  /** What the waves ran, summed (an hour runs tens of thousands of waves: their totals, not a list). */
  public record Totals(long waves, long agents, long turnsAnswered, long turnsAborted, long turnsUnanswered,
      long steps, long guardTimedOut) {

    static final Totals NONE = new Totals(0, 0, 0, 0, 0, 0, 0);

    Totals plus(List<SoakWave.AgentRun> runs) {
      long answered = 0;
      long aborted = 0;
      long unanswered = 0;
      long stepCount = 0;
      long timedOut = 0;
      for (SoakWave.AgentRun run : runs) {
        unanswered += run.unanswered();
        for (TurnResult turn : run.turns()) {
          answered++;
          aborted += turn.aborted() ? 1 : 0;
          stepCount += turn.steps().size();
          timedOut += turn.count(GuardOutcome.TIMED_OUT);
        }
      }
      return new Totals(waves + 1, agents + runs.size(), turnsAnswered + answered, turnsAborted + aborted,
          turnsUnanswered + unanswered, steps + stepCount, guardTimedOut + timedOut);
    }
  }

  /** How often the console hears how the soak is going. */
  static final Duration PROGRESS_EVERY = Duration.ofSeconds(30);

  /** The whole soak: what ran, the faults, the audit by group, and the verdict. */
  public record Result(String model, String database, double seconds, Totals totals,
      List<FaultSchedule.Fault> faults, long crashesThrown, long restarts, List<WriteAudit.GroupAudit> audit,
      long acknowledged, long lost, long overwritten) {

    public boolean nothingLost() {
      return lost == 0 && overwritten == 0;
    }
  }

  static final String PER_STEP = "per-step";
  static final String PER_TURN = "per-turn";
  static final String NETWORKED = "networked";
  static final String PGVECTOR = "pgvector";

  private Soak() {}

  public static Result run(ActorSystem<?> system, Config root, Settings settings, EmbedderChoice embedderChoice,
      PrintWriter console) throws Exception {
    Embedder embedder = embedderChoice.embedder();
    SimulatedModelPreset model = SimulatedModelPreset.NANO_SIM;
    DatabaseUnderSoak pglite = settings.pgUrl() == null ? DatabaseUnderSoak.start(settings.dataDir()) : null;
    try {
      PgVectorSettings pgSettings = PgVectorConfig.from(root);
      pgSettings = pglite != null ? new PgVectorSettings(pglite.jdbcUrl(), pgSettings.table(), pgSettings.index(),
          PgliteServer.POOL_SIZE, pgSettings.timeout()) : pgSettings.withUrl(settings.pgUrl());
      try (PgVectorStore store = PgVectorStore.open(pgSettings, embedder.dimension())) {
        String tag = "soak-" + Long.toHexString(System.nanoTime()) + "/";
        try {
          return soak(system, root, settings, embedderChoice, model, pglite, store, tag, console);
        } finally {
          store.forgetAgentsStartingWith(tag); // the soak's agents' memories, not the user's data
        }
      }
    } finally {
      if (pglite != null) {
        pglite.close();
      }
    }
  }

  private static Result soak(ActorSystem<?> system, Config root, Settings settings, EmbedderChoice embedderChoice,
      SimulatedModelPreset model, DatabaseUnderSoak pglite, PgVectorStore store, String tag, PrintWriter console)
      throws Exception {
    Embedder embedder = embedderChoice.embedder();
    WriteLedger ledger = new WriteLedger();
    ExternalMemories memories = agentId -> new AuditedMemory(store.memory(tag + agentId, embedder), agentId, ledger);
    InjectedCrashes crashes = new InjectedCrashes();
    List<AgentGroup> groups = groups(root, settings.agentsPerGroup(), embedderChoice);
    TriageFleet.Specs specs = (id, config, groupEmbedder, agentSeed) -> {
      AgentSpec.Builder builder = TriageAgents.builder(id, config, groupEmbedder, model.parameters(), agentSeed,
          HighResolutionTimer.shared()).memories(memories);
      return builder.reasoners(crashes.around(builder.build().reasoners())).build();
    };
    String database = pglite != null ? "PGlite on 127.0.0.1, its data in " + settings.dataDir()
        + " (killed with SIGKILL and started again every other fault)" : "your PostgreSQL (" + store.server()
        + "), never killed";
    console.printf(Locale.ROOT, "soak: %s, %d agents per group (%s), faults every %s, model %s%n",
        dev.memloop.memory.timing.Units.config(settings.duration()), settings.agentsPerGroup(),
        String.join(", ", groups.stream().map(AgentGroup::name).toList()),
        dev.memloop.memory.timing.Units.config(settings.faultEvery()), model.label());
    console.println("pgvector: " + database);
    console.flush();

    AtomicReference<List<String>> alive = new AtomicReference<>(List.of());
    Totals totals = Totals.NONE;
    Map<String, WriteAudit.GroupAudit> audited = new LinkedHashMap<>(); // audited as each wave ends: its memories end with it
    long restarts = 0;
    long start = System.nanoTime();
    long lastProgress = start;
    long end = start + settings.duration().toNanos();
    List<FaultSchedule.Fault> faults;
    FaultSchedule schedule = FaultSchedule.start(settings.faultEvery(), settings.outage(), settings.seed(),
        alive::get, crashes, pglite);
    try {
      long seed = settings.seed();
      for (int wave = 1; wave == 1 || System.nanoTime() < end; wave++) {
        seed = nextSeed(seed, settings.agentsPerGroup());
        TriageFleet.Assembly assembly = TriageFleet.assemble(groups, specs, AlertWorkloadSpec.DEFAULT, seed);
        List<FleetMember> members = assembly.members();
        alive.set(members.stream().map(FleetMember::id).toList());
        List<SoakWave.AgentRun> runs = SoakWave.run(system, "w" + wave, members, settings.turnTimeout())
            .toCompletableFuture().get(1, TimeUnit.HOURS);
        alive.set(List.of());
        totals = totals.plus(runs);
        for (SoakWave.AgentRun run : runs) {
          restarts += run.turns().isEmpty() ? 0 : run.turns().get(run.turns().size() - 1).restarts();
          if (!run.group().equals(PGVECTOR)) { // pgvector memories outlive the wave: read back at the end
            audited.merge(run.group(), WriteAudit.ofSnapshot(run.group(), run.agentId(), run.turns(),
                run.snapshot() == null ? List.of() : run.snapshot().items(), run.group().equals(PER_TURN),
                run.group().equals(NETWORKED)), WriteAudit.GroupAudit::plus);
          }
        }
        long now = System.nanoTime();
        if (now - lastProgress >= PROGRESS_EVERY.toNanos()) {
          lastProgress = now;
          console.printf(Locale.ROOT, "%.0f s: %,d waves, %,d turns answered (%,d aborted, %,d unanswered), %,d "
              + "writes acknowledged by the database, %d agent restarts%n", (now - start) / 1e9, totals.waves(),
              totals.turnsAnswered(), totals.turnsAborted(), totals.turnsUnanswered(), ledger.total(), restarts);
          console.flush();
        }
      }
    } finally {
      faults = schedule.stop();
    }
    List<WriteAudit.GroupAudit> audit = audit(groups, audited, ledger, store, tag, embedder);
    long acknowledged = audit.stream().mapToLong(WriteAudit.GroupAudit::acknowledged).sum();
    long lost = audit.stream().mapToLong(WriteAudit.GroupAudit::lost).sum();
    long overwritten = audit.stream().mapToLong(WriteAudit.GroupAudit::overwritten).sum();
    return new Result(model.label(), database, (System.nanoTime() - start) / 1e9, totals, faults, crashes.thrown(),
        restarts, audit, acknowledged, lost, overwritten);
  }

  /**
   * The four groups, from the configuration's agent settings with the soak's embedder (the one the database's table
   * is sized for); networked agents with a 1 ms injected round trip.
   */
  static List<AgentGroup> groups(Config root, int agents, EmbedderChoice embedder) {
    AgentConfig base = dev.memloop.runtime.config.AgentConfigs.agent(root).withEmbedder(embedder);
    return List.of(new AgentGroup(PER_STEP, agents, base.withPolicy(MemoryPolicyKind.PER_STEP)),
        new AgentGroup(PER_TURN, agents, base.withPolicy(MemoryPolicyKind.PER_TURN)),
        new AgentGroup(NETWORKED, agents, base.withPolicy(MemoryPolicyKind.NETWORKED).withRtt(Duration.ofMillis(1))
            .withStore(MemoryStoreKind.OWN)),
        new AgentGroup(PGVECTOR, agents, base.withPolicy(MemoryPolicyKind.NETWORKED).withRtt(Duration.ZERO)
            .withStore(MemoryStoreKind.PGVECTOR)));
  }

  /** The next wave's first seed: past the last wave's agents, around the seeds held out for calibration. */
  static long nextSeed(long seed, int agents) {
    long next = seed + agents;
    while (TriageWorkloads.isHeldOut(next) || TriageWorkloads.isHeldOut(next + agents - 1)) {
      next++;
    }
    return next;
  }

  private static List<WriteAudit.GroupAudit> audit(List<AgentGroup> groups, Map<String, WriteAudit.GroupAudit> local,
      WriteLedger ledger, PgVectorStore store, String tag, Embedder embedder) {
    Map<String, WriteAudit.GroupAudit> byGroup = new LinkedHashMap<>(local);
    for (String agentId : ledger.agents()) { // read back from the database itself, after every fault
      try (dev.memloop.memory.WorkingMemory rows = store.memory(tag + agentId, embedder)) {
        byGroup.merge(PGVECTOR, WriteAudit.ofDatabase(PGVECTOR, agentId, ledger.of(agentId), rows.items()),
            WriteAudit.GroupAudit::plus);
      }
    }
    List<WriteAudit.GroupAudit> ordered = new ArrayList<>();
    for (AgentGroup group : groups) {
      if (byGroup.containsKey(group.name())) {
        ordered.add(byGroup.get(group.name()));
      }
    }
    return ordered;
  }
}
