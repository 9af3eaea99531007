package dev.memloop.runtime.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** An agent's executed lines answer "executed before?" by content, scanned while few and hashed when many. */
class ExecutedLinesTest {

  @Test
  void should_tell_a_repeated_line_from_a_first_one_by_content_below_and_beyond_the_scanned_size() {
    ExecutedLines executed = new ExecutedLines();
    int lines = ExecutedLines.SCANNED * 2 + 3;
    for (int i = 0; i < lines; i++) {
      assertThat(executed.add("investigate host=web-" + i + " sig=port-scan")).as("line %d, first time", i).isTrue();
      // an equal line made anew (not the same instance) is the same line
      assertThat(executed.add(new String("investigate host=web-" + i + " sig=port-scan")))
          .as("line %d, again", i).isFalse();
      assertThat(executed.size()).isEqualTo(i + 1);
    }
    for (int i = 0; i < lines; i++) {
      assertThat(executed.add("investigate host=web-" + i + " sig=port-scan")).as("line %d, at the end", i).isFalse();
    }
    assertThat(executed.add("investigate host=web-0 sig=other")).isTrue();
  }
}
