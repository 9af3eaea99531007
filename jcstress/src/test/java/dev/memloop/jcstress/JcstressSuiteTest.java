package dev.memloop.jcstress;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.openjdk.jcstress.JCStress;
import org.openjdk.jcstress.Options;

/**
 * Runs this module's jcstress tests in the harness's sanity mode (about a minute on two cores; the harness's own
 * options run them longer: `java -cp ... org.openjdk.jcstress.Main -m stress -t dev.memloop.jcstress`) and fails
 * on any forbidden outcome or error. The forks get the Vector API module, as the runtime's JVMs do.
 */
class JcstressSuiteTest {

  @Test
  void should_see_only_allowed_outcomes_in_every_interleaving() throws Exception {
    Path results = Files.createDirectories(Path.of("target", "jcstress-results"));
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    PrintStream console = System.out;
    PrintStream both = new PrintStream(new TeeStream(console, captured), true, StandardCharsets.UTF_8);
    System.setOut(both); // the harness reports on System.out, taken when it is made
    try {
      Options options = new Options(new String[] {"-m", "sanity", "-t", "dev\\.memloop\\.jcstress\\.",
          "-r", results.toString(), "-jvmArgsPrepend", "--add-modules=jdk.incubator.vector"});
      assertThat(options.parse()).as("the harness's options").isTrue();
      new JCStress(options).run();
    } finally {
      System.setOut(console);
    }
    String report = captured.toString(StandardCharsets.UTF_8);
    String summary = report.substring(Math.max(0, report.lastIndexOf("RUN RESULTS:")));
    assertThat(summary).as(summary).contains("Failed tests: No matches.").contains("Error tests: No matches.")
        .contains("All remaining tests: 4 matching test results.");
  }

  /** Writes to both streams: the build's console keeps the harness's progress, the test reads its summary. */
  private static final class TeeStream extends java.io.OutputStream {
    private final java.io.OutputStream first;
    private final java.io.OutputStream second;

    TeeStream(java.io.OutputStream first, java.io.OutputStream second) {
      this.first = first;
      this.second = second;
    }

    @Override
    public void write(int b) throws java.io.IOException {
      first.write(b);
      second.write(b);
    }

    @Override
    public void write(byte[] b, int off, int len) throws java.io.IOException {
      first.write(b, off, len);
      second.write(b, off, len);
    }

    @Override
    public void flush() throws java.io.IOException {
      first.flush();
      second.flush();
    }
  }
}
