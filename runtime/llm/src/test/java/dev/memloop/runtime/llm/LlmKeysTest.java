package dev.memloop.runtime.llm;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import dev.memloop.runtime.config.MemloopKeys;
import org.junit.jupiter.api.Test;

/** With memloop-llm on the class path, memloop.llm's keys are known, and a misspelt one is named. */
class LlmKeysTest {

  @Test
  void should_accept_memloop_llm_keys_and_name_the_key_meant_by_a_misspelt_one() {
    assertThatCode(() -> MemloopKeys.check(ConfigFactory.load(ConfigFactory.parseString("memloop.llm.max-retries = 1"))))
        .doesNotThrowAnyException();
    Config misspelt = ConfigFactory.load(ConfigFactory.parseString("memloop.llm.max-retires = 2"));
    assertThatThrownBy(() -> MemloopKeys.check(misspelt)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("unknown config key memloop.llm.max-retires = 2")
        .hasMessageContaining("did you mean memloop.llm.max-retries?");
  }
}
