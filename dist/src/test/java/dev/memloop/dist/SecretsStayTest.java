package dev.memloop.dist;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memloop.runtime.llm.LlmSettings;
import dev.memloop.runtime.llm.ScriptedChatServer;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real-model fleet run as a user runs it (its own JVM, the key in OPENAI_API_KEY, a password in --llm-base-url),
 * then every file it wrote and every line it printed scanned: neither the key nor the password is anywhere. The key
 * did reach the server the user named, and only it.
 */
class SecretsStayTest {

  static final String KEY = "sk-SECRET-7f3a9c1e55";
  static final String PASSWORD = "hunter2pw";

  @TempDir
  Path results;

  @Test
  void should_write_and_print_neither_the_key_nor_the_url_password() throws Exception {
    try (ScriptedChatServer server = new ScriptedChatServer().otherwise("investigate host=web-1 sig=ssh")) {
      String base = server.baseUrl().replace("http://", "http://user:" + PASSWORD + "@");
      run(results.resolve("fleet"), "fleet", "--agents", "2", "--llm", "openai", "--llm-base-url", base, "--model",
          "scripted-model", "--embedder", "hashing", "--yes", "--no-progress");
      // reproduce records its model settings in run.json: the base URL was written there with its password
      run(results.resolve("reproduce"), "reproduce", "table1", "--llm", "openai", "--llm-base-url", base, "--model",
          "scripted-model", "--embedder", "hashing-256", "--yes", "--no-progress");
      assertThat(server.requests()).as("the model was called").isNotEmpty();
      assertThat(server.authorizations()).as("the key went to the server the user named").contains("Bearer " + KEY);

      List<Path> written;
      try (Stream<Path> files = Files.walk(results)) {
        written = files.filter(Files::isRegularFile).toList();
      }
      assertThat(written).as("the runs' files").hasSizeGreaterThan(8);
      for (Path file : written) {
        String text = new String(Files.readAllBytes(file), java.nio.charset.StandardCharsets.ISO_8859_1);
        assertThat(text).as(file + " holds no key").doesNotContain(KEY);
        assertThat(text).as(file + " holds no URL password").doesNotContain(PASSWORD);
      }
    }
  }

  /** One command in its own JVM, as a user runs it, with the key in its environment; its console kept in out. */
  private static void run(Path out, String... args) throws Exception {
    Files.createDirectories(out);
    List<String> command = new ArrayList<>();
    command.add(ProcessHandle.current().info().command().orElse("java"));
    command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), "dev.memloop.cli.Main"));
    command.addAll(List.of(args));
    command.addAll(List.of("--out", out.toString()));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(out.resolve("console.txt").toFile());
    builder.environment().put("OPENAI_API_KEY", KEY);
    builder.environment().remove("OPENAI_BASE_URL");
    Process process = builder.start();
    assertThat(process.waitFor(5, TimeUnit.MINUTES)).as(String.join(" ", args) + " ended").isTrue();
    assertThat(process.exitValue()).as(Files.readString(out.resolve("console.txt"))).isZero();
  }

  @Test
  void should_redact_short_keys_where_they_stand_alone_and_url_passwords() {
    LlmSettings shortKey = new LlmSettings("http://u:" + PASSWORD + "@127.0.0.1:1/v1", "m", OptionalDouble.empty(),
        java.time.Duration.ofSeconds(1), 0, java.time.Duration.ZERO, "abc");
    assertThat(shortKey.redact("key abc refused by http://u:" + PASSWORD + "@127.0.0.1:1/v1; abcd stays"))
        .isEqualTo("key [redacted key] refused by http://***@127.0.0.1:1/v1; abcd stays");
    assertThat(shortKey.toString()).doesNotContain(PASSWORD).doesNotContain("abc,").contains("***@127.0.0.1");
    assertThat(LlmSettings.shown("http://127.0.0.1:1/v1")).isEqualTo("http://127.0.0.1:1/v1");
  }
}
