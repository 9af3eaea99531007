package dev.memloop.bench.benchmarks.durability;

import com.typesafe.config.Config;
import dev.memloop.cli.report.TextTable;
import dev.memloop.memory.Embedder;
import dev.memloop.memory.timing.Units;
import dev.memloop.pgvector.PgUrl;
import dev.memloop.pgvector.PgliteServer;
import dev.memloop.runtime.config.AgentConfig;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Behaviors;

/**
 * The durability choice, measured: the same recorded turn ends of real agents ({@link RecordedTurns}) kept by the
 * runtime's Distributed Data durable store ({@link DdataDurability}) and by Pekko Persistence on a PostgreSQL
 * journal ({@link JournalDurability}), each then restored by a restarted actor system: the cost of a turn end
 * (one at a time, until durable), the bytes it writes, the restore time per agent and per item, and whether every
 * item and every last answer came back.
 */
public final class DurabilityBench {

  /**
   * @param pgUrl a user's PostgreSQL for the journal; null: PGlite, started for the run
   * @param rounds the two mechanisms alternate this many times, each round on a fresh store
   */
  public record Settings(int agents, int turns, int itemsPerTurn, int snapshotEvery, int rounds, String pgUrl) {}

  /** Every round's measurement of each mechanism, in the order run. */
  public record Result(Settings settings, String journalServer, List<ArmResult> ddata, List<ArmResult> journal) {

    public String report() {
      TextTable table = new TextTable("mechanism", "round", "turn end p50 us", "p99 us", "bytes/turn end",
          "restart ready", "restore/agent us", "restore/item us", "items restored", "last answers");
      for (int r = 0; r < ddata.size(); r++) {
        row(table, ddata.get(r), r + 1);
        row(table, journal.get(r), r + 1);
      }
      return String.format(Locale.ROOT, "%d agents x %d turns x %d items per turn (%,d items at the end), recorded"
              + " from real agents; turn ends one at a time; journal on %s%n", settings.agents(), settings.turns(),
          settings.itemsPerTurn(), ddata.get(0).itemsExpected(), journalServer) + table.plain()
          + "Distributed Data here is one node (its majority is itself): a 3-node cluster adds the replicas' round"
          + " trip to every turn end.\n";
    }

    private static void row(TextTable table, ArmResult arm, int round) {
      table.row(arm.mechanism(), round, Units.micros(arm.turnEndP50()), Units.micros(arm.turnEndP99()),
          Units.bytes(arm.bytesPerTurnEnd()), Units.time(arm.startNanos()), Units.micros(arm.restoreNanosPerAgent()),
          String.format(Locale.ROOT, "%.2f", arm.restoreNanosPerItem() / 1e3),
          arm.itemsRestored() + " of " + arm.itemsExpected(), arm.answersRestored() + " of " + arm.agents());
    }
  }

  static final Duration PGLITE_START = Duration.ofSeconds(60);

  private DurabilityBench() {}

  public static Result run(Settings settings, AgentConfig config, Embedder embedder, Config base, PrintWriter progress)
      throws Exception {
    RecordedTurns recorded;
    ActorSystem<Void> recorder = ActorSystem.create(Behaviors.empty(), "memloop-recorder", base);
    try {
      recorded = RecordedTurns.record(recorder, settings.agents(), settings.turns(), settings.itemsPerTurn(), config,
          embedder);
    } finally {
      recorder.terminate();
      recorder.getWhenTerminated().toCompletableFuture().get(1, java.util.concurrent.TimeUnit.MINUTES);
    }
    progress.printf(Locale.ROOT, "recorded %d agents x %d turns%n", recorded.agents(), recorded.turns());
    progress.flush();

    List<ArmResult> ddata = new ArrayList<>();
    List<ArmResult> journal = new ArrayList<>();
    String server = settings.pgUrl() == null ? "PGlite (PostgreSQL 18 in WebAssembly, one session) on 127.0.0.1"
        : PgUrl.redacted(settings.pgUrl());
    for (int round = 1; round <= settings.rounds(); round++) {
      Path dir = Files.createTempDirectory("memloop-durability-");
      try {
        ddata.add(DdataDurability.measure(recorded, dir, base));
      } finally {
        dev.memloop.cli.report.Directories.deleteTree(dir);
      }
      progress.printf(Locale.ROOT, "round %d: Distributed Data measured%n", round);
      progress.flush();
      String run = "bench-" + ProcessHandle.current().pid() + "-" + System.nanoTime() + "-" + round;
      if (settings.pgUrl() == null) {
        try (PgliteServer pglite = PgliteServer.start(PGLITE_START)) {
          journal.add(JournalDurability.measure(recorded, pglite.jdbcUrl(), PgliteServer.POOL_SIZE,
              settings.snapshotEvery(), run, base));
        }
      } else {
        try {
          journal.add(JournalDurability.measure(recorded, settings.pgUrl(), 4, settings.snapshotEvery(), run, base));
        } finally {
          JournalDurability.forget(settings.pgUrl(), run);
        }
      }
      progress.printf(Locale.ROOT, "round %d: the journal measured%n", round);
      progress.flush();
    }
    return new Result(settings, server, List.copyOf(ddata), List.copyOf(journal));
  }
}
