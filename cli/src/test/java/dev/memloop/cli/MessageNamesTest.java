package dev.memloop.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memloop.runtime.ReadmeExamples;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every class and module a message names (a string literal in the main sources: errors, hints, logs) exists where
 * it says after the module cut: a class name resolves to a source file of that package, and an artifact to a module
 * of the BOM.
 */
class MessageNamesTest {

  private static final Pattern LITERAL = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"");
  private static final Pattern CLASS = Pattern.compile("\\bdev\\.memloop(?:\\.[a-z0-9]+)+\\.[A-Z]\\w*");
  private static final Pattern ARTIFACT = Pattern.compile("\\bdev\\.memloop:(memloop-[a-z0-9-]+)");

  static List<Path> mainSources(Path root) throws IOException {
    try (Stream<Path> files = Files.walk(root)) {
      return files.filter(p -> p.toString().endsWith(".java") && p.toString().contains("/src/main/java/")
          && !p.toString().contains("/target/")).toList();
    }
  }

  @Test
  void should_name_only_classes_and_modules_that_exist() throws IOException {
    Path root = ReadmeExamples.projectRoot();
    String bom = Files.readString(root.resolve("bom/pom.xml"));
    Set<String> classes = new TreeSet<>();
    for (Path source : mainSources(root)) {
      String path = source.toString();
      classes.add(path.substring(path.indexOf("/src/main/java/") + "/src/main/java/".length(), path.length() - 5)
          .replace('/', '.'));
    }
    List<String> wrong = new ArrayList<>();
    int named = 0;
    for (Path source : mainSources(root)) {
      Matcher literal = LITERAL.matcher(Files.readString(source));
      while (literal.find()) {
        Matcher c = CLASS.matcher(literal.group(1));
        while (c.find()) {
          named++;
          if (!classes.contains(c.group())) {
            wrong.add(root.relativize(source) + ": " + c.group());
          }
        }
        Matcher a = ARTIFACT.matcher(literal.group(1));
        while (a.find()) {
          named++;
          if (!bom.contains("<artifactId>" + a.group(1) + "</artifactId>")) {
            wrong.add(root.relativize(source) + ": " + a.group());
          }
        }
      }
    }
    assertThat(named).as("messages that name a memloop class or module").isGreaterThan(3);
    assertThat(wrong).as("names that no longer exist").isEmpty();
  }
}
