package dev.memloop.dist;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The archive {@code mvn package} makes, unpacked into a fresh directory and run as a user (or an MCP client) runs
 * it: from another directory, with an environment that holds a JDK and nothing of the build (no Maven, no checkout):
 * {@code bin/memloop --version}, {@code bin/memloop mcp} over stdio answering its client (the protocol alone on
 * standard output, the class-data archive written on the first run and mapped on the next), and a JDK older than 17
 * refused in one line. How fast the first answer comes is measured by {@code scripts/mcp-first-answer}, not here.
 */
class DistributionIT {

  static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{"
      + "\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"it\",\"version\":\"1\"}}}";

  @TempDir
  Path dir;

  Path unpacked() throws Exception {
    Path archive;
    try (var found = Files.list(Path.of("target"))) {
      archive = found.filter(p -> p.getFileName().toString().matches("memloop-.+\\.tar\\.gz")).findFirst()
          .orElseThrow(() -> new AssertionError("no memloop-VERSION.tar.gz in target/: mvn package makes it"));
    }
    Process tar = new ProcessBuilder("tar", "xzf", archive.toAbsolutePath().toString(), "-C", dir.toString())
        .redirectErrorStream(true).start();
    assertThat(tar.waitFor(5, TimeUnit.MINUTES)).isTrue();
    assertThat(tar.exitValue()).isZero();
    try (var inside = Files.list(dir)) {
      return inside.filter(p -> p.getFileName().toString().startsWith("memloop-")).findFirst().orElseThrow();
    }
  }

  /** A user's environment: a PATH to the JDK running these tests and the system's tools, a home and a cache. */
  ProcessBuilder user(String... command) throws IOException {
    Path userHome = Files.createDirectories(dir.resolve("home"));
    Path work = Files.createDirectories(dir.resolve("work")); // not the installation: results go here
    ProcessBuilder process = new ProcessBuilder(command).directory(work.toFile());
    Map<String, String> env = process.environment();
    env.clear();
    env.put("PATH", Path.of(System.getProperty("java.home"), "bin") + ":/usr/bin:/bin");
    env.put("HOME", userHome.toString());
    return process;
  }

  @Test
  void should_run_from_the_unpacked_archive_with_only_a_jdk_and_answer_an_mcp_client() throws Exception {
    Path home = unpacked();
    Path memloop = home.resolve("bin").resolve("memloop");
    assertThat(Files.getPosixFilePermissions(memloop)).containsAll(PosixFilePermissions.fromString("r-x------"));
    assertThat(home.resolve("lib").resolve("memloop.jar")).isRegularFile();

    Process version = user(memloop.toString(), "--version").redirectErrorStream(true).start();
    String said = new String(version.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(version.waitFor(2, TimeUnit.MINUTES)).isTrue();
    assertThat(version.exitValue()).as(said).isZero();
    assertThat(said).contains("memloop").doesNotContain("building");

    for (int run = 0; run < 2; run++) { // the first writes the class-data archive at its exit, the second maps it
      Process mcp = user(memloop.toString(), "mcp", "--memory", "it", "--embedder", "hashing")
          .redirectError(dir.resolve("mcp-" + run + ".err").toFile()).start();
      try (OutputStream in = mcp.getOutputStream();
          BufferedReader out = new BufferedReader(new InputStreamReader(mcp.getInputStream(),
              StandardCharsets.UTF_8))) {
        in.write((INITIALIZE + "\n").getBytes(StandardCharsets.UTF_8));
        in.flush();
        String answer = out.readLine();
        assertThat(answer).as("the first line on standard output: " + Files.readString(dir.resolve("mcp-" + run
            + ".err"))).startsWith("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{");
      }
      assertThat(mcp.waitFor(2, TimeUnit.MINUTES)).isTrue();
      assertThat(mcp.exitValue()).isZero();
    }
    try (var archives = Files.walk(dir.resolve("home").resolve(".cache").resolve("memloop").resolve("cds"))) {
      assertThat(archives.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".jsa")).toList())
          .as("the first run's archive, promoted by the second").hasSize(1);
    }
    try (var work = Files.list(dir.resolve("work"))) {
      assertThat(work.toList()).as("nothing written where it was run").isEmpty();
    }
  }

  @Test
  void should_refuse_a_jdk_older_than_17_in_one_line() throws Exception {
    Path home = unpacked();
    Path oldJava = dir.resolve("java-11");
    Files.writeString(oldJava, "#!/bin/sh\necho '    java.specification.version = 11' >&2\necho 'openjdk version \"11\"' >&2\n");
    oldJava.toFile().setExecutable(true);
    ProcessBuilder refused = user(home.resolve("bin").resolve("memloop").toString(), "--version");
    refused.environment().put("MEMLOOP_JAVA", oldJava.toString());
    Process run = refused.start();
    String err = new String(run.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(run.waitFor(1, TimeUnit.MINUTES)).isTrue();
    assertThat(run.exitValue()).isEqualTo(2);
    assertThat(err.lines().toList()).hasSize(1);
    assertThat(err).contains("MEMLOOP_JAVA=" + oldJava).contains("it says 11").contains("17 or newer");
  }
}
