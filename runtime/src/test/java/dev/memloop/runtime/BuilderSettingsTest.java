package dev.memloop.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memloop.blackboard.Blackboard;
import dev.memloop.blackboard.BlackboardSetup;
import dev.memloop.runtime.board.SharedBoard;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.config.AgentConfigs;
import dev.memloop.runtime.config.MemoryStoreKind;
import dev.memloop.runtime.config.ToolSettings;
import dev.memloop.runtime.config.WindowSettings;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.reasoner.ScriptedReasoner;
import dev.memloop.runtime.step.WindowUnit;
import java.time.Duration;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** Every section of memloop.agent can be set on the builder; explicit settings win over config(...) in any order. */
class BuilderSettingsTest {

  static final ActorTestKit testKit = ActorTestKit.create();

  @AfterAll
  static void shutdown() {
    testKit.shutdownTestKit();
  }

  static AgentSpec.Builder builder(String id) {
    return AgentSpec.builder(id).embedder(TestAgents.EMBEDDER).threshold(0.9)
        .reasoner(ScriptedReasoner.actOnEveryObservation());
  }

  @Test
  void should_keep_an_explicit_policy_whether_it_comes_before_or_after_the_config() {
    AgentSpec before = builder("a").policy(MemoryPolicyKind.NETWORKED).config(AgentConfigs.defaults()).build();
    AgentSpec after = builder("b").config(AgentConfigs.defaults()).policy(MemoryPolicyKind.NETWORKED).build();
    assertThat(before.config().policy()).isEqualTo(MemoryPolicyKind.NETWORKED);
    assertThat(after.config().policy()).isEqualTo(MemoryPolicyKind.NETWORKED);
  }

  @Test
  void should_set_every_section_on_the_builder() {
    ToolSettings tools = ToolSettings.builder().maxCallsPerStep(3).rememberCalls(true).guard(ToolSettings.Guard.FLAG).build();
    WindowSettings window = new WindowSettings(6, WindowUnit.MESSAGES);
    AgentSpec spec = builder("c").budget(Duration.ofMillis(50)).roundTrip(Duration.ofMillis(30)).tools(tools)
        .window(window).config(AgentConfigs.defaults()).policy(MemoryPolicyKind.NETWORKED).build();
    assertThat(spec.config().budget()).isEqualTo(Duration.ofMillis(50));
    assertThat(spec.config().networked().rtt()).isEqualTo(Duration.ofMillis(30));
    assertThat(spec.config().tools()).isEqualTo(tools);
    assertThat(spec.config().window()).isEqualTo(window);
    assertThat(builder("d").storeKind(MemoryStoreKind.OWN).build().config().memory().store())
        .isEqualTo(MemoryStoreKind.OWN);

    AgentConfig defaults = AgentConfigs.defaults();
    dev.memloop.runtime.config.ActionSettings actions = defaults.actions().withTimeout(Duration.ofSeconds(3))
        .withRetries(2, Duration.ofMillis(10));
    dev.memloop.runtime.patterns.PatternSettings patterns = defaults.patterns().withNovelty(0.8)
        .withDedup(0.95, dev.memloop.runtime.patterns.DedupOnWrite.Keep.FIRST);
    AgentSpec all = builder("h").storeKind(MemoryStoreKind.OWN)
        .memory(defaults.memory().withK(5).withStore(MemoryStoreKind.PGVECTOR)) // storeKind wins over the section's
        .actions(actions).patterns(patterns).perTurn(new dev.memloop.runtime.config.PerTurnSettings(7))
        .roundTrip(Duration.ofMillis(20)).policy(MemoryPolicyKind.NETWORKED)
        .networked(new dev.memloop.runtime.config.NetworkedSettings(Duration.ZERO, Duration.ofSeconds(1)))
        .decideTimeout(Duration.ofSeconds(90)).guard(defaults.guard().withThreshold(0.8)).build();
    assertThat(all.config().memory().k()).isEqualTo(5);
    assertThat(all.config().memory().store()).isEqualTo(MemoryStoreKind.OWN);
    assertThat(all.config().actions()).isEqualTo(actions);
    assertThat(all.config().patterns().novelty().enabled()).isTrue();
    assertThat(all.config().patterns().dedup().threshold()).isEqualTo(0.95);
    assertThat(all.config().perTurn().dump()).isEqualTo(7);
    assertThat(all.config().networked().rtt()).as("roundTrip wins over the section's").isEqualTo(Duration.ofMillis(20));
    assertThat(all.config().networked().timeout()).isEqualTo(Duration.ofSeconds(1));
    assertThat(all.config().decideTimeout()).isEqualTo(Duration.ofSeconds(90));
    assertThat(all.config().guard().threshold()).hasValue(0.8);
    assertThatThrownBy(() -> builder("i").decideTimeout(Duration.ZERO).build())
        .hasMessageContaining("decide-timeout must be > 0: 0s");
    assertThatThrownBy(() -> defaults.actions().withRetries(-1, Duration.ZERO))
        .hasMessageContaining("actions.retries must be >= 0: -1");
  }

  @Test
  void should_refuse_settings_that_contradict_each_other_naming_both() {
    assertThatThrownBy(() -> builder("e").policy(MemoryPolicyKind.PER_STEP).roundTrip(Duration.ofMillis(30)).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("agent e: roundTrip(30ms)").hasMessageContaining("the policy is per-step");
    SharedBoard board = new SharedBoard(testKit.<Blackboard.Command>createTestProbe().ref(),
        BlackboardSetup.of(TestAgents.EMBEDDER).view(), null);
    assertThatThrownBy(() -> builder("f").storeKind(MemoryStoreKind.BLACKBOARD).build())
        .hasMessageContaining("agent f: memloop.agent.memory.store = blackboard needs the shared board");
    assertThat(builder("f").storeKind(MemoryStoreKind.BLACKBOARD).board(board).build().backend())
        .isEqualTo(new MemoryBackend.Board(board));
    assertThat(builder("h").policy(MemoryPolicyKind.NONE).storeKind(MemoryStoreKind.BLACKBOARD).build().backend())
        .as("an agent without memory needs no board").isEqualTo(MemoryBackend.NONE);
    assertThat(builder("i").build().backend()).isEqualTo(new MemoryBackend.Own(java.util.Optional.empty()));
    assertThatThrownBy(() -> builder("g").policy(null)).hasMessageContaining("agent g: policy must not be null");
  }
}
