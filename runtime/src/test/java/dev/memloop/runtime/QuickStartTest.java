package dev.memloop.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The README's quick start is this module's QuickStart.java, word for word, and it runs as the README says. */
class QuickStartTest {

  static final String HEADING = "### Quick start: your own agents";

  /** The first java block after the quick start's heading. */
  static String readmeBlock() throws IOException {
    return ReadmeExamples.javaBlock(ReadmeExamples.projectRoot().resolve("README.md"), HEADING);
  }

  @Test
  void should_print_in_the_readme_exactly_the_program_the_suite_compiles() throws IOException {
    String source = Files.readString(ReadmeExamples.projectRoot().resolve("runtime/src/test/java/QuickStart.java"));
    assertThat(readmeBlock()).isEqualTo(source);
  }

  @Test
  void should_run_a_thousand_agents_that_recall_remember_and_act() throws Exception {
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    PrintStream out = System.out;
    System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
    try {
      Class.forName("QuickStart").getMethod("main", String[].class).invoke(null, (Object) new String[0]);
    } finally {
      System.setOut(out);
    }
    // each agent: three new orders refunded, three repeats recognized through its memory, none left to the guard;
    // a read its turn's budget cannot afford finds nothing (and the guard cannot afford its lookup either), so on a
    // loaded machine an agent may refund a repeat: one more refund for each such read, never more
    // its one line (logging's own start-up notes may precede it, depending on which test first touched logback)
    Matcher line = Pattern.compile("^1000 agents, 6000 steps: (\\d+) refunds sent, (\\d+) repeats known from memory, "
        + "0 blocked by the guard, (\\d+) reads over budget$", Pattern.MULTILINE)
        .matcher(printed.toString(StandardCharsets.UTF_8));
    assertThat(line.find()).as(printed.toString(StandardCharsets.UTF_8)).isTrue();
    int refunds = Integer.parseInt(line.group(1));
    int known = Integer.parseInt(line.group(2));
    int overBudget = Integer.parseInt(line.group(3));
    assertThat(refunds + known).isEqualTo(6000);
    assertThat(refunds - 3000).isBetween(0, overBudget);
  }

  @Test
  void should_print_in_the_readme_what_the_program_prints_on_a_quiet_machine() throws IOException {
    String readme = Files.readString(ReadmeExamples.projectRoot().resolve("README.md"));
    assertThat(readme).contains("It prints `1000 agents, 6000 steps: 3000 refunds sent, 3000 repeats known from memory, "
        + "0 blocked by the guard, 0 reads over budget`");
  }
}
