package dev.memloop.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/** The README's "Facts that change" is this module's FactsThatChange.java, word for word, and prints what it says. */
class FactsThatChangeTest {

  static final String HEADING = "### Facts that change";

  @Test
  void should_print_in_the_readme_exactly_the_program_the_suite_compiles() throws IOException {
    String source = Files.readString(ReadmeExamples.projectRoot().resolve("runtime/src/test/java/FactsThatChange.java"));
    assertThat(ReadmeExamples.javaBlock(ReadmeExamples.projectRoot().resolve("README.md"), HEADING)).isEqualTo(source);
  }

  @Test
  void should_answer_the_current_fact_the_past_one_as_of_and_the_history_as_the_readme_prints() throws Exception {
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    PrintStream out = System.out;
    System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
    try {
      Class.forName("FactsThatChange").getMethod("main", String[].class).invoke(null, (Object) new String[0]);
    } finally {
      System.setOut(out);
    }
    String expected = """
        now: Maria moved to Berlin in March
        as of 2025-12-31: Maria lives in Lisbon
        2025-06-01T00:00:00Z to 2026-03-01T00:00:00Z: Maria lives in Lisbon
        2026-03-01T00:00:00Z to now: Maria moved to Berlin in March
        """;
    assertThat(printed.toString(StandardCharsets.UTF_8)).endsWith(expected);
    String readme = Files.readString(ReadmeExamples.projectRoot().resolve("README.md"));
    assertThat(readme).contains("It prints\n\n```\n" + expected + "```");
  }
}
