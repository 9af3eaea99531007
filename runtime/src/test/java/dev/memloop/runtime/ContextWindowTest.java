package dev.memloop.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memloop.runtime.step.WindowMessage;
import dev.memloop.runtime.step.WindowUnit;
import org.junit.jupiter.api.Test;

class ContextWindowTest {

  @Test
  void should_keep_the_last_exchanges_in_order() {
    ContextWindow window = new ContextWindow(2, WindowUnit.EXCHANGES);
    for (int i = 1; i <= 3; i++) {
      window.addExchange("alert " + i, "reply " + i);
    }
    assertThat(window.visible()).extracting(WindowMessage::text).containsExactly("alert 2", "reply 2", "alert 3", "reply 3");
  }

  @Test
  void should_count_messages_when_the_unit_is_messages() {
    ContextWindow window = new ContextWindow(3, WindowUnit.MESSAGES);
    window.addExchange("a", "b");
    window.addExchange("c", "d");
    assertThat(window.visible()).extracting(WindowMessage::text).containsExactly("b", "c", "d");
    window.clear();
    assertThat(window.visible()).isEmpty();
  }

  @Test
  void should_reject_bad_sizes_and_units() {
    assertThatThrownBy(() -> new ContextWindow(0, WindowUnit.MESSAGES)).hasMessageContaining("window size must be > 0: 0");
    assertThatThrownBy(() -> new ContextWindow(2, null)).hasMessageContaining("window unit must not be null");
    assertThatThrownBy(() -> WindowUnit.parse("turns")).hasMessageContaining("'turns'");
    assertThat(WindowUnit.parse(" Exchanges ")).isEqualTo(WindowUnit.EXCHANGES);
  }
}
