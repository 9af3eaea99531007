package dev.memloop.runtime;

import static dev.memloop.runtime.TestAgents.EMBEDDER;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.timing.ManualDelayTimer;
import dev.memloop.runtime.policy.InLoopMemory;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.policy.PerTurnMemory;
import dev.memloop.runtime.reasoner.ScriptedReasoner;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every public constructor of the runtime's plain types names the value it refuses. */
class RuntimeBadInputTest {

  @Test
  void should_refuse_bad_turns_observations_and_decisions() {
    assertThatThrownBy(() -> new Observation("o1", " ")).hasMessageContaining("observation o1 needs text: ' '");
    assertThatThrownBy(() -> new Observation("o1", null)).hasMessageContaining("observation o1 needs text: null");
    assertThatThrownBy(() -> new Turn(-1, List.of(new Observation("o", "x")))).hasMessageContaining("turn index must be >= 0: -1");
    assertThatThrownBy(() -> new Turn(2, List.of())).hasMessageContaining("turn 2 has no observations");
    assertThatThrownBy(() -> Decision.act(" ")).hasMessageContaining("a decision needs an action line: ' '");
    assertThatThrownBy(() -> new Decision(Decision.Kind.ACT, "x", Decision.Recognition.WINDOW))
        .hasMessageContaining("an action cannot be a recognized duplicate: WINDOW");
    assertThatThrownBy(() -> new ScriptedReasoner(null)).hasMessageContaining("script must not be null");
  }

  @Test
  void should_refuse_an_agent_spec_without_its_parts_or_with_an_unresolved_threshold() {
    var config = TestAgents.config(MemoryPolicyKind.PER_STEP, Duration.ofMillis(100), Duration.ZERO);
    ReasonerFactory reasoners = ctx -> ScriptedReasoner.actOnEveryObservation();
    ManualDelayTimer timer = new ManualDelayTimer();
    assertThatThrownBy(() -> new AgentSpec(" ", config, 0.9, EMBEDDER, reasoners, timer, null, 1))
        .hasMessageContaining("agent id must not be null or blank");
    assertThatThrownBy(() -> new AgentSpec("a", null, 0.9, EMBEDDER, reasoners, timer, null, 1))
        .hasMessageContaining("agent a: config, embedder, reasoners and timer are required");
    assertThatThrownBy(() -> new AgentSpec("a", config, Double.NaN, EMBEDDER, reasoners, timer, null, 1))
        .hasMessageContaining("guard threshold must be in [-1, 1]: NaN")
        .hasMessageContaining("run memloop calibrate");
    assertThatThrownBy(() -> new AgentSpec("a", config, 1.2, EMBEDDER, reasoners, timer, null, 1))
        .hasMessageContaining("guard threshold must be in [-1, 1]: 1.2");
    // a policy without a guard needs no threshold
    assertThat(new AgentSpec("a", config.withPolicy(MemoryPolicyKind.NONE), Double.NaN, EMBEDDER, reasoners, timer,
        null, 1).id()).isEqualTo("a");
  }

  @Test
  void should_refuse_policies_built_wrong() {
    WorkingMemory memory = WorkingMemory.allocate(EMBEDDER);
    assertThatThrownBy(() -> new PerTurnMemory(memory, -1)).hasMessageContaining("dumpTopK must be >= 0 (0 pins everything): -1");
    assertThatThrownBy(() -> new InLoopMemory(MemoryPolicyKind.PER_TURN, null, null))
        .hasMessageContaining("an in-loop memory is per-step or networked, not per-turn");
    assertThatThrownBy(() -> MemoryPolicyKind.parse("per_step")).hasMessageContaining("'per_step'");
    assertThat(MemoryPolicyKind.parse(" Networked ")).isEqualTo(MemoryPolicyKind.NETWORKED);
  }
}
