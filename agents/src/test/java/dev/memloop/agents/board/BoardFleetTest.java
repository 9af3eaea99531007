package dev.memloop.agents.board;

import dev.memloop.runtime.config.EmbedderChoice;
import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.ConfigFactory;
import dev.memloop.memory.timing.HighResolutionTimer;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.config.AgentConfigs;
import dev.memloop.runtime.fleet.FleetListener;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.reasoner.SimulatedModelPreset;
import dev.memloop.workloads.fleet.FleetAlertSpec;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.LogCapturingExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(LogCapturingExtension.class)
class BoardFleetTest {

  static final ActorTestKit testKit = ActorTestKit.create();
  // the hashing embedder keeps the test free of model files; an unlimited budget keeps collection pauses out
  static final AgentConfig BASE = AgentConfigs.agent(ConfigFactory.load()).withEmbedder(EmbedderChoice.parse("hashing")).withBudget(null);
  static final FleetAlertSpec SPEC = FleetAlertSpec.of(20);

  @AfterAll
  static void shutdown() {
    testKit.shutdownTestKit();
  }

  static BoardFleet.Outcome run(String group, AgentConfig config) throws Exception {
    return BoardFleet.run(testKit.system(), group, config, SPEC, SimulatedModelPreset.NANO_SIM.parameters(), 7,
        HighResolutionTimer.shared(), FleetListener.NONE).toCompletableFuture().get(2, TimeUnit.MINUTES);
  }

  @Test
  void should_stop_cross_agent_duplicates_per_step_that_an_agent_alone_would_repeat() throws Exception {
    FleetTriageScore none = run("none", BASE.withPolicy(MemoryPolicyKind.NONE)).score();
    BoardFleet.Outcome perStep = run("perstep", BASE.withPolicy(MemoryPolicyKind.PER_STEP));
    FleetTriageScore guarded = perStep.score();

    assertThat(perStep.fleet().failure()).isNull();
    assertThat(guarded.alerts()).isEqualTo(none.alerts()).isEqualTo(20 * SPEC.alertsPerAgent());
    assertThat(none.crossDuplicates()).isPositive();
    // without memory the model alone catches at most its own recent repeats: most cross duplicates run
    assertThat(none.crossRedundant()).isGreaterThan(none.crossDuplicates() / 2);
    assertThat(none.lookups()).isZero();
    // with the board consulted before each action, the fleet executes each incident once
    assertThat(guarded.redundant()).isZero();
    assertThat(guarded.blockedNew()).isZero();
    assertThat(guarded.lookups()).isEqualTo(guarded.alerts() - guarded.modelRecognized());
    // every execution was posted: the board holds one line per execution
    assertThat(perStep.boardSize()).isEqualTo(guarded.executions());
  }

  @Test
  void should_catch_earlier_turns_per_turn_and_every_duplicate_networked() throws Exception {
    FleetTriageScore perTurn = run("perturn", BASE.withPolicy(MemoryPolicyKind.PER_TURN)).score();
    FleetTriageScore networked = run("networked", BASE.withPolicy(MemoryPolicyKind.NETWORKED)
        .withRtt(Duration.ofMillis(1))).score();

    assertThat(perTurn.lookups()).isZero();
    // a turn-start snapshot holds every other agent's earlier turns (cross duplicates come from earlier turns);
    // the model reads the pinned dump and misses 5% of what it holds
    assertThat(perTurn.crossRedundant()).isLessThanOrEqualTo(perTurn.crossDuplicates() / 10);
    // it cannot see this turn's own earlier actions: duplicates within a turn run
    assertThat(perTurn.ownRedundant()).isPositive();
    assertThat(networked.redundant()).as(networked.toString()).isZero();
    assertThat(networked.lookups()).isPositive();
    assertThat(networked.timedOut()).isZero();
  }
}
