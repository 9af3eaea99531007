package dev.memloop.bench.benchmarks.durability;

import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.Config;
import dev.memloop.memory.embed.HashingEmbedder;
import dev.memloop.pgvector.PgliteFixture;
import dev.memloop.pgvector.PgliteServer;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.config.AgentConfigs;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Both durability mechanisms keep every item and every last answer of real agents across a restart of the actor
 * system: Distributed Data's LMDB store on a temporary directory, and Pekko Persistence on a PostgreSQL journal
 * (PGlite started here on 127.0.0.1), restored through a snapshot and the events after it. Under CI=true a PGlite
 * that cannot start fails the test; elsewhere it is skipped and says why.
 */
class DurabilityBenchTest {

  static PgliteServer server;
  static RecordedTurns recorded;
  static final Config ROOT = AgentConfigs.load(null);

  @TempDir
  Path dir;

  @BeforeAll
  static void start() throws Exception {
    server = PgliteFixture.start();
    AgentConfig config = AgentConfigs.agent(ROOT).withPolicy(MemoryPolicyKind.PER_STEP).withThreshold(0.99)
        .withBudget(null);
    ActorSystem<Void> system = ActorSystem.create(Behaviors.empty(), "recorder", ROOT);
    try {
      recorded = RecordedTurns.record(system, 3, 5, 2, config, new HashingEmbedder(64));
    } finally {
      system.terminate();
      system.getWhenTerminated().toCompletableFuture().get();
    }
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void should_record_what_each_turn_added() {
    assertThat(recorded.itemsAtEnd()).isEqualTo(3 * 5 * 2);
    assertThat(recorded.end(1, 3).added()).hasSize(2);
    assertThat(recorded.end(1, 3).memory().items()).hasSize(8);
  }

  @Test
  void should_restore_every_item_and_last_answer_from_distributed_data_on_disk() throws Exception {
    ArmResult arm = DdataDurability.measure(recorded, dir, ROOT);
    assertThat(arm.itemsRestored()).isEqualTo(30);
    assertThat(arm.answersRestored()).isEqualTo(3);
    assertThat(arm.turnEndNanos()).hasSize(15);
    assertThat(arm.bytesWritten()).isPositive();
  }

  @Test
  void should_restore_every_item_and_last_answer_from_the_journal_through_a_snapshot_and_events() throws Exception {
    // a snapshot at event 2 and 4, then event 5 replayed on top of it
    ArmResult arm = JournalDurability.measure(recorded, server.jdbcUrl(), PgliteServer.POOL_SIZE, 2, "test-run", ROOT);
    assertThat(arm.itemsRestored()).isEqualTo(30);
    assertThat(arm.answersRestored()).isEqualTo(3);
    assertThat(rows("snapshot")).as("snapshots taken").isPositive();
    assertThat(rows("event_journal")).isEqualTo(15);

    JournalDurability.forget(server.jdbcUrl(), "test-run");
    assertThat(rows("event_journal")).as("the run's events deleted").isZero();
    assertThat(rows("snapshot")).isZero();
  }

  private static long rows(String table) throws Exception {
    try (Connection connection = server.connect(); Statement statement = connection.createStatement();
         ResultSet count = statement.executeQuery("SELECT count(*) FROM " + table
             + " WHERE persistence_id LIKE 'test-run/%'")) {
      count.next();
      return count.getLong(1);
    }
  }
}
