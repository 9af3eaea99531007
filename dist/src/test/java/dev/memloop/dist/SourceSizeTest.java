package dev.memloop.dist;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Files are small: a main source file of more than {@value #LIMIT} lines says why in its first comment ("Over 300
 * lines for one reason: ..."), as the house's style asks. Reads every module's {@code src/main/java} from the
 * project's root (this module's parent folder).
 */
class SourceSizeTest {

  static final int LIMIT = 300;

  @Test
  void should_say_why_a_main_file_is_over_300_lines() throws IOException {
    Path root = Path.of("").toAbsolutePath().getParent();
    assertThat(root.resolve("pom.xml")).as("the project's root").exists();
    List<String> unexplained = new ArrayList<>();
    int read = 0;
    try (Stream<Path> files = Files.walk(root)) {
      for (Path file : files.filter(SourceSizeTest::isMainSource).toList()) {
        read++;
        List<String> lines = Files.readAllLines(file);
        if (lines.size() > LIMIT && !firstComment(lines).contains("Over 300 lines")) {
          unexplained.add(root.relativize(file) + " (" + lines.size() + " lines)");
        }
      }
    }
    assertThat(read).as("main sources read").isGreaterThan(400);
    assertThat(unexplained).as("main files over %d lines without a reason in their first comment", LIMIT).isEmpty();
  }

  private static boolean isMainSource(Path file) {
    String path = file.toString();
    return path.endsWith(".java") && path.contains("/src/main/java/") && !path.contains("/target/");
  }

  /** The file's first block comment (its class's Javadoc, most often), or nothing. */
  private static String firstComment(List<String> lines) {
    StringBuilder comment = new StringBuilder();
    boolean inside = false;
    for (String line : lines) {
      if (!inside && line.strip().startsWith("/*")) {
        inside = true;
      }
      if (inside) {
        comment.append(line).append('\n');
        if (line.contains("*/")) {
          break;
        }
      }
    }
    return comment.toString();
  }
}
