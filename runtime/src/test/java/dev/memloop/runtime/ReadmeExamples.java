package dev.memloop.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * What the README example tests share (this module's and the add-ons', through the test-jar): the java block a README
 * prints after a heading, and a program run in a JVM of its own, as a user runs it.
 */
public final class ReadmeExamples {

  private ReadmeExamples() {}

  /** The project's directory (the README beside ./memloop), above whichever module's directory a test runs in. */
  public static Path projectRoot() {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null && !(Files.isRegularFile(dir.resolve("README.md")) && Files.isRegularFile(dir.resolve("memloop")))) {
      dir = dir.getParent();
    }
    if (dir == null) {
      throw new IllegalStateException("no project README.md (beside ./memloop) above " + Path.of("").toAbsolutePath());
    }
    return dir;
  }

  /** The first {@code ```java} block after {@code heading} in {@code readme}. */
  public static String javaBlock(Path readme, String heading) throws IOException {
    String text = Files.readString(readme);
    int at = text.indexOf(heading);
    assertThat(at).as("%s has the heading '%s'", readme, heading).isNotNegative();
    int start = text.indexOf("```java\n", at);
    assertThat(start).as("a java block follows '%s'", heading).isPositive();
    int end = text.indexOf("\n```", start + 8);
    return text.substring(start + "```java\n".length(), end + 1);
  }

  /**
   * Runs {@code main} with {@code args} in a JVM of its own (this JVM's java, the given class path, JVM options and
   * environment), waits at most two minutes, and returns what it printed; it must exit 0.
   */
  public static String run(String classPath, List<String> jvmOptions, Map<String, String> environment, String main,
      String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(jvmOptions);
    command.addAll(List.of("-cp", classPath, main));
    command.addAll(List.of(args));
    ProcessBuilder java = new ProcessBuilder(command).redirectErrorStream(true);
    environment.forEach((key, value) -> {
      if (value == null) {
        java.environment().remove(key);
      } else {
        java.environment().put(key, value);
      }
    });
    Process process = java.start();
    process.getOutputStream().close();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(2, TimeUnit.MINUTES)).as("%s ended within two minutes", main).isTrue();
    assertThat(process.exitValue()).as(out).isZero();
    return out;
  }

  /** This JVM's class path: a test's, with its module's test programs on it. */
  public static String testClassPath() {
    return System.getProperty("java.class.path");
  }
}
