package dev.memloop.pgvector;

import static dev.memloop.runtime.TestAgents.line;
import static dev.memloop.runtime.TestAgents.turn;
import static org.assertj.core.api.Assertions.assertThat;

import dev.memloop.memory.timing.HighResolutionTimer;
import dev.memloop.runtime.Agent;
import dev.memloop.runtime.AgentSnapshot;
import dev.memloop.runtime.AgentSpec;
import dev.memloop.runtime.Passivation;
import dev.memloop.runtime.PassivatingAgent;
import dev.memloop.runtime.TestAgents;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.config.MemoryStoreKind;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.reasoner.ScriptedReasoner;
import dev.memloop.runtime.step.GuardOutcome;
import dev.memloop.runtime.step.StepRecord;
import dev.memloop.runtime.step.TurnResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * Networked agents whose memory is PostgreSQL + pgvector (PGlite on 127.0.0.1, started, killed and started again
 * here): they guard through real queries, find their memory after a restart, and ride out the database's absence.
 */
class PgVectorAgentTest {

  static final ActorTestKit testKit = ActorTestKit.create();

  @AfterAll
  static void shutdown() {
    testKit.shutdownTestKit();
  }

  private static AgentSpec spec(String id, PgVectorStore store) {
    // budget and lookup timeout generous: a loaded CI machine slows PGlite, and this test is about outcomes, not
    // speed (while the database is away a lookup fails within the pool's 1 s, not the timeout)
    AgentConfig config = TestAgents.config(MemoryPolicyKind.NETWORKED, Duration.ofSeconds(30), Duration.ZERO)
        .withStore(MemoryStoreKind.PGVECTOR)
        .withNetworked(new dev.memloop.runtime.config.NetworkedSettings(Duration.ZERO, Duration.ofSeconds(10)));
    return TestAgents.builder(id, config, ctx -> ScriptedReasoner.actOnEveryObservation(), HighResolutionTimer.shared())
        .memories(agentId -> store.memory(agentId, TestAgents.EMBEDDER)).build();
  }

  private static TurnResult run(ActorRef<Agent.Command> agent, int index, String... lines) {
    TestProbe<TurnResult> results = testKit.createTestProbe();
    agent.tell(new Agent.RunTurn(turn(index, lines), results.ref()));
    return results.receiveMessage(Duration.ofSeconds(60));
  }

  /** Waits until the agent's writes in flight are acknowledged: its snapshot is answered only then. */
  private static void awaitWrites(ActorRef<Agent.Command> agent) {
    TestProbe<AgentSnapshot> snapshots = testKit.createTestProbe();
    agent.tell(new Agent.GetSnapshot(snapshots.ref()));
    snapshots.receiveMessage(Duration.ofSeconds(60));
  }

  @Test
  void should_guard_through_the_database_keep_its_memory_across_restarts_and_ride_out_an_outage() throws Exception {
    Path data = Files.createTempDirectory("memloop-pg-agent-");
    int port = PgliteServer.freePort();
    PgliteServer server = PgliteFixture.start(port, data);
    PgVectorSettings settings = new PgVectorSettings(server.jdbcUrl(), PgVectorSettings.DEFAULT_TABLE, PgIndex.EXACT,
        PgliteServer.POOL_SIZE, Duration.ofSeconds(1));
    try (PgVectorStore store = PgVectorStore.open(settings, TestAgents.EMBEDDER.dimension())) {
      ActorRef<Agent.Command> agent = testKit.spawn(PassivatingAgent.create(spec("pg-agent", store),
          Passivation.after(Duration.ofHours(1))));
      TurnResult first = run(agent, 0, line(1), line(2), line(1));
      assertThat(first.steps()).extracting(s -> s.guard().outcome())
          .containsExactly(GuardOutcome.MISS, GuardOutcome.MISS, GuardOutcome.HIT);
      assertThat(first.steps().get(2).guard().cost().storeNanos()).as("a real query's cost, measured").isPositive();
      agent.tell(Agent.Stop.INSTANCE);

      ActorRef<Agent.Command> again = testKit.spawn(Agent.create(spec("pg-agent", store)), "pg-agent-again");
      TurnResult back = run(again, 1, line(2), line(3));
      assertThat(back.steps()).extracting(s -> s.guard().outcome()).as("a new agent finds its rows")
          .containsExactly(GuardOutcome.HIT, GuardOutcome.MISS);

      awaitWrites(again); // line 3's write, sent as the turn ended, acknowledged before the crash
      server.kill();
      TurnResult outage = run(again, 2, line(1), line(4));
      assertThat(outage.aborted()).isFalse();
      assertThat(outage.steps()).extracting(s -> s.guard().outcome()).as("lookups failed: unguarded, counted")
          .containsExactly(GuardOutcome.TIMED_OUT, GuardOutcome.TIMED_OUT);
      assertThat(outage.steps()).extracting(StepRecord::executed).containsExactly(true, true);

      server = PgliteFixture.start(port, data);
      awaitWrites(again); // the outage's two writes answered (refused or made), so the store is through its backlog
      // the pool reconnects on its own; under load its first new connection may take longer than a lookup may wait,
      // so the turn that shows the recovery starts once the database answers the pool again
      org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(60)).ignoreExceptions()
          .until(() -> store.memory("probe", TestAgents.EMBEDDER).size() == 0);
      TurnResult recovered = run(again, 3, line(1), line(3), line(5));
      assertThat(recovered.steps()).extracting(s -> s.guard().outcome()).as("the same agent, without a restart")
          .containsExactly(GuardOutcome.HIT, GuardOutcome.HIT, GuardOutcome.MISS);
      awaitWrites(again); // line 5's write, sent as the turn ended
      // every acknowledged write is there; the outage's writes were refused, or made late once the server was back
      // (a store actor works through its queue in order), never silently dropped after an acknowledgement
      assertThat(store.memory("pg-agent", TestAgents.EMBEDDER).items()).extracting(dev.memloop.memory.MemoryItem::text)
          .contains(line(1), line(2), line(3), line(5));
    } finally {
      server.close();
      try (var files = Files.walk(data)) {
        files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
      }
    }
  }
}
