package dev.memloop.dist;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memloop.cli.Main;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Every command's help renders clean: picocli reads descriptions as format strings, and a bare {@code %} (as in
 * "0.5%") made {@code memloop --help} print a {@code [picocli WARN]} line to standard error before the usage.
 */
class HelpTextTest {

  @Test
  void should_render_every_command_s_help_without_a_picocli_warning() {
    List<CommandLine> commands = new ArrayList<>();
    collect(Main.commandLine(), commands);
    assertThat(commands).hasSizeGreaterThan(20);
    PrintStream err = System.err;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
    try {
      for (CommandLine command : commands) {
        assertThat(command.getUsageMessage()).as(command.getCommandSpec().qualifiedName()).contains("Usage:");
      }
    } finally {
      System.setErr(err);
    }
    assertThat(captured.toString(StandardCharsets.UTF_8)).doesNotContain("picocli WARN");
  }

  private static void collect(CommandLine command, List<CommandLine> into) {
    into.add(command);
    command.getSubcommands().values().stream().distinct().forEach(sub -> collect(sub, into));
  }
}
