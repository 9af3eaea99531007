package dev.memloop.agents.triage;

import dev.memloop.runtime.config.EmbedderChoice;
import static dev.memloop.agents.triage.TriageFleetRuns.mean;
import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.ConfigFactory;
import dev.memloop.runtime.config.AgentConfigs;
import dev.memloop.runtime.config.AgentGroup;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.reasoner.SimulatedModelPreset;
import java.util.List;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.LogCapturingExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A calibration check of the simulation, not a test of the runtime: the presets were fitted to the paper (§6.1: the
 * model alone recognizes about 5 of 12 duplicates), and this pins them there. What the runtime does with any model
 * is tested elsewhere (TriageFleetTest, the runtime's own tests).
 */
@ExtendWith(LogCapturingExtension.class)
class SimulatedModelCalibrationTest {

  static final ActorTestKit testKit = ActorTestKit.create();

  @AfterAll
  static void shutdown() {
    testKit.shutdownTestKit();
  }

  @ParameterizedTest
  @EnumSource(SimulatedModelPreset.class)
  void should_recognize_about_five_of_twelve_duplicates_alone(SimulatedModelPreset preset) throws Exception {
    AgentGroup windowed = new AgentGroup("windowed", 300,
        AgentConfigs.agent(ConfigFactory.load()).withEmbedder(EmbedderChoice.parse("hashing")).withPolicy(MemoryPolicyKind.NONE));
    TriageRun.Outcome run = TriageFleetRuns.run(testKit.system(), List.of(windowed), preset.parameters(), 500);
    List<TriageScore> scores = run.group("windowed");
    assertThat(scores).hasSize(300);
    assertThat(mean(scores, TriageScore::modelRecognized)).isBetween(4.5, 5.5);
    assertThat(mean(scores, TriageScore::falseSkips)).isZero();
    assertThat(mean(scores, TriageScore::redundant)).isBetween(6.5, 7.5);
  }
}
