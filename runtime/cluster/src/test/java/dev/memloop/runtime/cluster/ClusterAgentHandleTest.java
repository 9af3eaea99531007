package dev.memloop.runtime.cluster;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The cluster handle's bad input, refused before anything is sent (its turns run in ClusterAgentExampleTest). */
class ClusterAgentHandleTest {

  @Test
  void should_refuse_bad_input_naming_it() {
    assertThatThrownBy(() -> ClusterAgentHandle.of(null, "a-1", Duration.ofSeconds(1)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("needs its actor system and the agent's id");
    assertThatThrownBy(() -> ClusterAgentHandle.of(null, " ", Duration.ofSeconds(1)))
        .hasMessageContaining("' '");
    assertThatThrownBy(() -> ClusterAgentHandle.of(null, "a-1", Duration.ofSeconds(1), -1))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("agent a-1: retries must be >= 0: -1");
  }
}
