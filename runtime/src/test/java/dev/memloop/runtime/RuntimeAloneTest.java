package dev.memloop.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.spi.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A project that depends on memloop-runtime alone, as a user's build resolves it (the class path the build wrote to
 * {@code target/runtime-classpath.txt}, compile and runtime scopes): at most {@value #MAX_JARS} jars, none of the
 * add-ons' or the command line's; the quick start and the default embedder run on it in a JVM of their own, offline,
 * on an empty cache and without onnxruntime; and jdeps finds no arrow from the runtime to an add-on.
 */
class RuntimeAloneTest {

  static final int MAX_JARS = 35;
  /** Artifacts the core must not bring (issue 25): each belongs to an add-on module or the command line. */
  static final List<String> FORBIDDEN = List.of("postgresql", "HikariCP", "pgvector", "lmdbjava", "jnr-", "jffi",
      "pekko-cluster", "pekko-distributed-data", "langchain4j", "onnxruntime", "picocli", "progressbar", "jline",
      "xchart", "commons-math", "hnswlib", "pekko-remote");

  static List<Path> classPath() throws IOException {
    String line = Files.readString(Path.of("target", "runtime-classpath.txt")).strip();
    List<Path> jars = new ArrayList<>();
    for (String entry : line.split(File.pathSeparator)) {
      jars.add(Path.of(entry));
    }
    return jars;
  }

  @Test
  void should_resolve_at_most_35_jars_and_none_of_the_add_ons() throws IOException {
    List<Path> jars = classPath();
    assertThat(jars.size() + 1).as("memloop-runtime and what it brings: %s", jars).isLessThanOrEqualTo(MAX_JARS);
    for (Path jar : jars) {
      String name = jar.getFileName().toString();
      assertThat(FORBIDDEN).as("%s is an add-on's", name).noneMatch(name::startsWith);
    }
    assertThat(jars).extracting(p -> p.getFileName().toString()).anyMatch(n -> n.startsWith("memloop-default-embedder"));
  }

  @Test
  void should_embed_with_the_default_model_offline_without_onnxruntime_on_an_empty_cache(@TempDir Path cache)
      throws Exception {
    String out = runAlone(cache, "dev.memloop.runtime.alone.DefaultEmbedderOffline");
    assertThat(out).contains("absent: ai.onnxruntime.OrtEnvironment", "absent: dev.langchain4j.model.chat.ChatModel",
        "absent: org.apache.pekko.cluster.Cluster", "absent: org.postgresql.Driver", "absent: picocli.CommandLine");
    assertThat(out).contains("embedder: static-").contains("-pca256-256 256")
        .contains("recalled: the customer asked for a refund of order 42");
    try (var files = Files.list(cache)) {
      assertThat(files).as("nothing distilled into the cache").isEmpty();
    }
  }

  @Test
  void should_run_the_readme_quick_start_on_the_runtime_alone(@TempDir Path cache) throws Exception {
    String out = runAlone(cache, "QuickStart");
    assertThat(out).contains("1000 agents, 6000 steps: ").contains(" refunds sent, ");
  }

  @Test
  void should_have_no_arrow_from_the_runtime_to_an_add_on_or_the_command_line() throws IOException {
    ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow();
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8);
    String cp = String.join(File.pathSeparator, classPath().stream().map(Path::toString).toList());
    int exit = jdeps.run(out, out, "-verbose:package", "--multi-release", "17", "-cp", cp,
        Path.of("target", "classes").toString());
    String report = printed.toString(StandardCharsets.UTF_8);
    assertThat(exit).as(report).isZero();
    assertThat(report).as("jdeps read the runtime's packages").contains("dev.memloop.runtime.config");
    for (String addOn : List.of("dev.memloop.runtime.llm", "dev.memloop.runtime.cluster", "dev.memloop.pgvector",
        "dev.memloop.cli", "dev.memloop.bench", "dev.memloop.agents", "dev.langchain4j", "org.apache.pekko.cluster")) {
      assertThat(report).as("an arrow to %s", addOn).doesNotContain("-> " + addOn);
    }
    assertThat(report).doesNotContain("not found");
  }

  /** Runs {@code main} in a JVM of its own on the runtime's class path and this module's compiled classes. */
  private static String runAlone(Path cache, String main) throws Exception {
    List<String> cp = new ArrayList<>(List.of(Path.of("target", "classes").toString(),
        Path.of("target", "test-classes").toString()));
    classPath().forEach(p -> cp.add(p.toString()));
    return ReadmeExamples.run(String.join(File.pathSeparator, cp), List.of("-Dmemloop.cache.dir=" + cache), Map.of(),
        main);
  }
}
