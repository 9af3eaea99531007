package dev.memloop.agents.triage;

import dev.memloop.runtime.config.EmbedderChoice;
import static dev.memloop.agents.triage.TriageFleetRuns.mean;
import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.ConfigFactory;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.config.AgentConfigs;
import dev.memloop.runtime.config.AgentGroup;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.reasoner.SimulatedModelPreset;
import java.util.List;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.LogCapturingExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(LogCapturingExtension.class)
class TriageFleetTest {

  static final ActorTestKit testKit = ActorTestKit.create();
  // the hashing embedder keeps the test free of model files; an unlimited budget keeps collection pauses out
  static final AgentConfig BASE = AgentConfigs.agent(ConfigFactory.load()).withEmbedder(EmbedderChoice.parse("hashing")).withBudget(null);

  @AfterAll
  static void shutdown() {
    testKit.shutdownTestKit();
  }

  static AgentGroup group(String name, int agents, MemoryPolicyKind policy) {
    return new AgentGroup(name, agents, BASE.withPolicy(policy));
  }

  @Test
  void should_execute_no_duplicate_with_the_in_process_guard_and_about_seven_without_memory() throws Exception {
    TriageRun.Outcome run = TriageFleetRuns.run(testKit.system(), List.of(group("guarded", 100, MemoryPolicyKind.PER_STEP),
        group("windowed", 100, MemoryPolicyKind.NONE), group("perturn", 100, MemoryPolicyKind.PER_TURN)),
        SimulatedModelPreset.NANO_SIM.parameters(), 1);
    assertThat(run.fleet().failure()).isNull();
    List<TriageScore> guarded = run.group("guarded");
    List<TriageScore> windowed = run.group("windowed");
    List<TriageScore> perTurn = run.group("perturn");
    assertThat(guarded).hasSize(100);

    assertThat(guarded).allSatisfy(s -> {
      assertThat(s.redundant()).isZero();
      assertThat(s.guardBlockedNew()).isZero();
      assertThat(s.guardMissed()).isZero();
    });
    assertThat(mean(guarded, TriageScore::guardCaught)).isGreaterThan(5);
    // the windowed model alone: 12 duplicates less the ~5 it recognizes
    assertThat(mean(windowed, TriageScore::redundant)).isBetween(6.0, 8.0);
    // the per-turn dump catches duplicates of earlier turns, not those within a turn
    assertThat(mean(perTurn, TriageScore::redundant)).isBetween(0.3, 3.0);
    assertThat(mean(perTurn, TriageScore::lookups)).isZero();
    // same seeds, same model, same windows: the model's own recognitions are identical across arms
    for (int i = 0; i < 100; i++) {
      assertThat(run.scores().get("guarded-" + i).modelRecognized())
          .isEqualTo(run.scores().get("windowed-" + i).modelRecognized());
    }
  }
}
