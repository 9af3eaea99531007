package dev.memloop.runtime;

import dev.memloop.runtime.config.EmbedderChoice;
import static dev.memloop.runtime.TestAgents.EMBEDDER;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.timing.ManualDelayTimer;
import dev.memloop.runtime.config.ActionSettings;
import dev.memloop.runtime.config.GuardSettings;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.config.MemoryStoreKind;
import dev.memloop.runtime.internal.memory.ChargedReads;
import dev.memloop.runtime.policy.LatencyBudget;
import dev.memloop.runtime.internal.memory.LocalMemoryAccess;
import dev.memloop.runtime.internal.policy.MemoryPolicy;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.reasoner.ScriptedReasoner;
import dev.memloop.runtime.step.Decision;
import dev.memloop.runtime.step.Observation;
import dev.memloop.runtime.step.Turn;
import java.time.Duration;
import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/** Every public constructor and builder of the runtime's API names the value it refuses. */
class RuntimeBadInputTest {

  static final AgentConfig PER_STEP = TestAgents.config(MemoryPolicyKind.PER_STEP, Duration.ofMillis(100),
      Duration.ZERO);

  static AgentSpec.Builder builder(String id) {
    return AgentSpec.builder(id).config(PER_STEP).embedder(EMBEDDER).timer(new ManualDelayTimer())
        .reasoners(ctx -> ScriptedReasoner.actOnEveryObservation());
  }

  @Test
  void should_refuse_bad_turns_observations_and_decisions() {
    assertThatThrownBy(() -> new Observation("o1", " ")).hasMessageContaining("observation o1 needs text: ' '");
    assertThatThrownBy(() -> new Observation("o1", null)).hasMessageContaining("observation o1 needs text: null");
    assertThatThrownBy(() -> new Turn(-1, List.of(new Observation("o", "x")))).hasMessageContaining("turn index must be >= 0: -1");
    assertThatThrownBy(() -> new Turn(2, List.of())).hasMessageContaining("turn 2 has no observations");
    assertThatThrownBy(() -> Decision.act(" ")).hasMessageContaining("a decision needs an action line: ' '");
    assertThatThrownBy(() -> new Decision(Decision.Kind.ACT, "x", Decision.Recognition.WINDOW))
        .hasMessageContaining("only a skip can be a recognized duplicate, not ACT: WINDOW");
    assertThatThrownBy(() -> new Decision(Decision.Kind.REPLY, "x", Decision.Recognition.MEMORY))
        .hasMessageContaining("only a skip can be a recognized duplicate, not REPLY: MEMORY");
    assertThatThrownBy(() -> new ScriptedReasoner(null)).hasMessageContaining("script must not be null");
  }

  @Test
  void should_refuse_a_spec_without_its_parts_naming_them() {
    assertThatThrownBy(() -> builder(" ").build()).hasMessageContaining("agent id must be letters, digits, '-' or '_'"
        + " (an actor name): ' '");
    assertThatThrownBy(() -> builder("a/b").build()).hasMessageContaining("'a/b'");
    assertThatThrownBy(() -> AgentSpec.builder("a").config(PER_STEP).embedder(EMBEDDER).build())
        .hasMessageContaining("agent a has no reasoner: builder.reasoner(...) or .reasoners(...)");
    assertThatThrownBy(() -> builder("a").executor(null).build())
        .hasMessageContaining("agent a: executor must not be null");
    assertThatThrownBy(() -> builder("a").reasoner(null)).hasMessageContaining("agent a: reasoner must not be null");
    assertThatThrownBy(() -> builder("a").threshold(1.2).build())
        .hasMessageContaining("agent a: guard threshold must be in [0, 1]: 1.2");
    assertThatThrownBy(() -> builder("a").threshold(-0.5).build())
        .hasMessageContaining("agent a: guard threshold must be in [0, 1]: -0.5 (below 0 a match is an unrelated line)");
    assertThatThrownBy(() -> builder("a").config(PER_STEP.withStore(MemoryStoreKind.BLACKBOARD)).build())
        .hasMessageContaining("memloop.agent.memory.store = blackboard needs the shared board");
    AgentConfig remote = PER_STEP.withPolicy(MemoryPolicyKind.NETWORKED).withStore(MemoryStoreKind.REMOTE);
    assertThatThrownBy(() -> builder("a").config(remote).build())
        .hasMessageContaining("memloop.agent.memory.store = remote needs its store on a store node");
    assertThatThrownBy(() -> builder("a").sharedContent(dev.memloop.memory.ContentPool.create(
        EMBEDDER.dimension() + 1, 10)).build()).hasMessageContaining("agent a: sharedContent(...) pool dimension "
            + (EMBEDDER.dimension() + 1) + " != embedder " + EMBEDDER.name() + " dimension " + EMBEDDER.dimension());
    assertThatThrownBy(() -> builder("a").memory(PER_STEP.memory().withIndex(dev.memloop.memory.IndexKind.HNSW))
        .sharedContent(dev.memloop.memory.ContentPool.create(EMBEDDER.dimension(), 10)).build())
        .hasMessageContaining("agent a: sharedContent(...) needs memloop.agent.memory.index = exact or flat");
  }

  @Test
  void should_resolve_a_calibrated_threshold_through_the_calibration_or_name_the_key() {
    AgentConfig calibrated = PER_STEP.withBudget(null).withEmbedder(EmbedderChoice.parse("hashing")).withGuard(
        new GuardSettings(OptionalDouble.empty(), 3));
    assertThatThrownBy(() -> builder("a").config(calibrated).build())
        .hasMessageContaining("agent a: memloop.agent.guard.threshold = calibrated, and memloop ships a threshold only "
            + "for the default embedder with identifiers on, not for " + EMBEDDER.name())
        .hasMessageContaining("memloop calibrate --pairs FILE");
    assertThat(builder("a").config(calibrated).calibration(embedder -> 0.93).build().threshold()).isEqualTo(0.93);
    assertThat(builder("a").config(calibrated).threshold(0.8).calibration(embedder -> 0.93).build().threshold())
        .as("an explicit threshold wins").isEqualTo(0.8);
    assertThat(builder("a").config(calibrated.withPolicy(MemoryPolicyKind.NONE)).build().threshold())
        .as("an agent without a guard in the loop needs no threshold").isNaN();
  }

  @Test
  void should_take_the_embedder_from_the_config_when_none_is_given() {
    AgentSpec spec = AgentSpec.builder("a").config(PER_STEP.withEmbedder(EmbedderChoice.parse("hashing-32"))).threshold(0.9)
        .reasoners(ctx -> ScriptedReasoner.actOnEveryObservation()).build();
    assertThat(spec.embedder().dimension()).isEqualTo(32);
    assertThat(spec.executor()).isSameAs(ActionExecutor.RECORD_ONLY);
  }

  @Test
  void should_refuse_action_settings_that_cannot_run() {
    assertThatThrownBy(() -> new ActionSettings("pekko.actor.default-dispatcher", Duration.ofSeconds(1), 0, Duration.ZERO))
        .hasMessageContaining("actions must not run on pekko.actor.default-dispatcher (a blocking action");
    assertThatThrownBy(() -> new ActionSettings("memloop.dispatcher", Duration.ofSeconds(1), 0, Duration.ZERO))
        .hasMessageContaining("actions must not run on memloop.dispatcher (a blocking action");
    assertThatThrownBy(() -> new ActionSettings(" ", Duration.ofSeconds(1), 0, Duration.ZERO))
        .hasMessageContaining("actions.dispatcher must name a dispatcher's config path: ' '");
    assertThatThrownBy(() -> new ActionSettings("d", Duration.ZERO, 0, Duration.ZERO))
        .hasMessageContaining("actions.timeout must be > 0: 0s");
    assertThatThrownBy(() -> new ActionSettings("d", Duration.ofSeconds(1), -1, Duration.ZERO))
        .hasMessageContaining("actions.retries must be >= 0: -1");
    assertThatThrownBy(() -> ActionExecutor.inline(null)).hasMessageContaining("an inline executor needs a body");
    assertThatThrownBy(() -> ActionExecutor.async(null)).hasMessageContaining("an async executor needs a body");
  }

  @Test
  void should_refuse_policies_built_wrong() {
    WorkingMemory memory = WorkingMemory.allocate(EMBEDDER);
    ChargedReads reads = new ChargedReads(EMBEDDER, new LocalMemoryAccess(memory, () -> 0),
        new LatencyBudget(1_000_000, 3), 1_000, () -> 0);
    assertThatThrownBy(() -> MemoryPolicy.perTurn(reads, 0.9, memory::recall, -1, memory, "a-1"))
        .hasMessageContaining("dumpTopK >= 0: -1");
    assertThatThrownBy(() -> MemoryPolicy.inLoop(MemoryPolicyKind.PER_TURN, reads, 0.9, memory, "a-1"))
        .hasMessageContaining("an in-loop policy is per-step or networked, with reads: per-turn");
    assertThatThrownBy(() -> MemoryPolicy.inLoop(MemoryPolicyKind.PER_STEP, reads, Double.NaN, memory, "a-1"))
        .hasMessageContaining("guard threshold must be in [0, 1]: NaN");
    assertThatThrownBy(() -> MemoryPolicyKind.parse("per_step")).hasMessageContaining("'per_step'");
    assertThat(MemoryPolicyKind.parse(" Networked ")).isEqualTo(MemoryPolicyKind.NETWORKED);
  }
}
