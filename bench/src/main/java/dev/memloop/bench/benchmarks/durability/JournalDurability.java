package dev.memloop.bench.benchmarks.durability;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigValueFactory;
import dev.memloop.runtime.step.Turn;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.Done;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.persistence.jdbc.testkit.javadsl.SchemaUtils;
import org.apache.pekko.serialization.SerializationExtension;

/**
 * Pekko Persistence on a PostgreSQL journal (pekko-persistence-jdbc): each agent a {@link PersistentAgent}, each
 * turn end one event, answered once the journal's insert is committed; a snapshot of the whole agent every
 * {@code snapshotEvery} events. Restored by a new actor system on the same database: each agent replays its latest
 * snapshot and the events after it.
 */
final class JournalDurability {

  static final Duration WRITE = Duration.ofSeconds(30);

  private JournalDurability() {}

  /**
   * @param jdbcUrl a PostgreSQL URL with its user and password in the query (as {@code PgliteServer.jdbcUrl()})
   * @param poolSize connections (and Slick threads) for the journal and snapshot store together
   */
  static ArmResult measure(RecordedTurns recorded, String jdbcUrl, int poolSize, int snapshotEvery, String run,
      Config base) throws Exception {
    Config config = config(jdbcUrl, poolSize).withFallback(base);
    long[] turnEnds = new long[recorded.agents() * recorded.turns()];
    long bytes = 0;
    ActorSystem<Void> system = ActorSystem.create(Behaviors.empty(), "memloop-journal", config);
    try {
      SchemaUtils.createIfNotExists(system).toCompletableFuture().get(WRITE.toSeconds(), TimeUnit.SECONDS);
      List<ActorRef<PersistentAgent.Command>> agents = new ArrayList<>(recorded.agents());
      for (int a = 0; a < recorded.agents(); a++) {
        agents.add(spawn(system, run, a, snapshotEvery));
      }
      int n = 0;
      for (int t = 0; t < recorded.turns(); t++) {
        for (int a = 0; a < recorded.agents(); a++) {
          RecordedTurns.TurnEnd end = recorded.end(a, t);
          long t0 = System.nanoTime();
          AskPattern.<PersistentAgent.Command, Done>ask(agents.get(a), r -> new PersistentAgent.EndTurn(end, r), WRITE,
              system.scheduler()).toCompletableFuture().get(WRITE.toSeconds() + 1, TimeUnit.SECONDS);
          turnEnds[n++] = System.nanoTime() - t0;
          bytes += SerializationExtension.get(system).serialize(PersistentAgent.TurnEnded.of(RecordedTurns.agentId(a),
              end)).get().length;
        }
      }
    } finally {
      stop(system);
    }

    long started = System.nanoTime();
    ActorSystem<Void> restarted = ActorSystem.create(Behaviors.empty(), "memloop-journal", config);
    try {
      long ready = System.nanoTime();
      long items = 0;
      int answers = 0;
      for (int a = 0; a < recorded.agents(); a++) { // one at a time: spawned, recovered, asked
        PersistentAgent.Restored restored = AskPattern.<PersistentAgent.Command, PersistentAgent.Restored>ask(
                spawn(restarted, run, a, snapshotEvery), PersistentAgent.GetRestored::new, WRITE,
                restarted.scheduler())
            .toCompletableFuture().get(WRITE.toSeconds() + 1, TimeUnit.SECONDS);
        items += restored.memory().items().size();
        Turn last = recorded.end(a, recorded.turns() - 1).turn();
        if (last.equals(restored.lastTurn()) && restored.lastAnswer() != null) {
          answers++;
        }
      }
      long done = System.nanoTime();
      return new ArmResult("Pekko Persistence, JDBC journal (PostgreSQL), snapshot every " + snapshotEvery,
          recorded.agents(), turnEnds, bytes, ready - started, done - ready, items, recorded.itemsAtEnd(), answers);
    } finally {
      stop(restarted);
    }
  }

  private static ActorRef<PersistentAgent.Command> spawn(ActorSystem<Void> system, String run, int agent, int every) {
    return system.systemActorOf(new PersistentAgent(run, RecordedTurns.agentId(agent), every), "persistent-" + agent,
        org.apache.pekko.actor.typed.Props.empty());
  }

  /** The journal and snapshot store on one shared Slick database of {@code poolSize} connections. */
  static Config config(String jdbcUrl, int poolSize) {
    return ConfigFactory.parseString("""
        pekko.persistence.journal.plugin = "jdbc-journal"
        pekko.persistence.snapshot-store.plugin = "jdbc-snapshot-store"
        jdbc-journal.use-shared-db = "slick"
        jdbc-snapshot-store.use-shared-db = "slick"
        pekko-persistence-jdbc.shared-databases.slick {
          profile = "slick.jdbc.PostgresProfile$"
          db {
            driver = "org.postgresql.Driver"
            connectionTimeout = 10000
            validationTimeout = 5000
          }
        }
        """)
        .withValue("pekko-persistence-jdbc.shared-databases.slick.db.url", ConfigValueFactory.fromAnyRef(jdbcUrl))
        .withValue("pekko-persistence-jdbc.shared-databases.slick.db.numThreads", ConfigValueFactory.fromAnyRef(poolSize))
        .withValue("pekko-persistence-jdbc.shared-databases.slick.db.maxConnections",
            ConfigValueFactory.fromAnyRef(poolSize))
        .withValue("pekko-persistence-jdbc.shared-databases.slick.db.minConnections",
            ConfigValueFactory.fromAnyRef(poolSize));
  }

  /** Deletes this run's events and snapshots (a user's own database keeps no trace of the benchmark). */
  static void forget(String jdbcUrl, String run) throws java.sql.SQLException {
    try (java.sql.Connection connection = java.sql.DriverManager.getConnection(jdbcUrl)) {
      for (String table : List.of("event_journal", "snapshot")) {
        try (java.sql.PreparedStatement delete = connection.prepareStatement(
            "DELETE FROM " + table + " WHERE persistence_id LIKE ?")) {
          delete.setQueryTimeout((int) WRITE.toSeconds());
          delete.setString(1, run + "/%");
          delete.executeUpdate();
        }
      }
    }
  }

  private static void stop(ActorSystem<Void> system) throws Exception {
    system.terminate();
    system.getWhenTerminated().toCompletableFuture().get(1, TimeUnit.MINUTES);
  }
}
