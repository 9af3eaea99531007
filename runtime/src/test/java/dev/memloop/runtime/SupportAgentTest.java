package dev.memloop.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/** The README's support agent is SupportAgent.java, word for word, and on the defaults it guards as the README says. */
class SupportAgentTest {

  static final String HEADING = "### A guard you can trust with refunds";

  @Test
  void should_print_in_the_readme_exactly_the_program_the_suite_compiles() throws IOException {
    String source = Files.readString(ReadmeExamples.projectRoot().resolve("runtime/src/test/java/SupportAgent.java"));
    assertThat(ReadmeExamples.javaBlock(ReadmeExamples.projectRoot().resolve("README.md"), HEADING))
        .isEqualTo(source);
  }

  @Test
  void should_refund_each_order_once_and_block_the_repeat_and_its_rewording_on_the_defaults() throws Exception {
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    PrintStream out = System.out;
    System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
    try {
      Class.forName("SupportAgent").getMethod("main", String[].class).invoke(null, (Object) new String[0]);
    } finally {
      System.setOut(out);
    }
    String lines = printed.toString(StandardCharsets.UTF_8);
    assertThat(lines).contains("refund order-42: refunded (IDENTITY)\n", "refund order-43: refunded (IDENTITY)\n",
        "refund order-44: refunded (IDENTITY)\n", "refund order-42: blocked, a repeat of 'refund order-42'\n",
        "issue a refund for order-42: blocked, a repeat of 'refund order-42'\n");
    String readme = Files.readString(ReadmeExamples.projectRoot().resolve("README.md"));
    assertThat(readme).as("the README prints what the program prints").contains("```\n"
        + lines.lines().filter(l -> l.startsWith("refund") || l.startsWith("issue")).reduce((a, b) -> a + "\n" + b)
            .orElseThrow() + "\n```");
  }
}
