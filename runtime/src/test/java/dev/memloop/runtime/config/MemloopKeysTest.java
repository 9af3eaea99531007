package dev.memloop.runtime.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every key under memloop is checked against reference.conf, from files, -D properties and the environment. */
class MemloopKeysTest {

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "memloop.agnet { policy = none } | unknown config key memloop.agnet.policy = \"none\" | memloop.agent.policy",
      "memloop.agent.memory.capacty = 5 | unknown config key memloop.agent.memory.capacty = 5 | memloop.agent.memory.capacity",
      "memloop.groups.a { agents = 2, memory.capacityy = 3 } | unknown config key memloop.groups.a.memory.capacityy = 3 | memloop.groups.a.memory.capacity",
      "memloop.groups.a { agent = 2 } | unknown config key memloop.groups.a.agent = 2 | memloop.groups.a.agents"})
  void should_refuse_a_misspelt_key_naming_the_one_meant(String hocon, String message, String meant) {
    Config config = ConfigFactory.load(ConfigFactory.parseString(hocon));
    assertThatThrownBy(() -> MemloopKeys.check(config)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(message).hasMessageContaining("did you mean " + meant + "?");
  }

  @Test
  void should_name_the_add_on_that_reads_a_section_missing_from_the_core() {
    Config config = ConfigFactory.load(ConfigFactory.parseString("memloop.llm.max-retries = 2"));
    assertThatThrownBy(() -> MemloopKeys.check(config)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("config key memloop.llm.max-retries = 2")
        .hasMessageContaining("is read by dev.memloop:memloop-llm, which is not on the class path");
    Config pg = ConfigFactory.load(ConfigFactory.parseString("memloop.pgvector.url = \"\""));
    assertThatThrownBy(() -> MemloopKeys.check(pg)).hasMessageContaining("dev.memloop:memloop-pgvector");
    Config mcp = ConfigFactory.load(ConfigFactory.parseString("memloop.llm.mcp.servers.desk.url = \"http://h/mcp\""));
    assertThatThrownBy(() -> MemloopKeys.check(mcp)).as("the innermost add-on of nested sections")
        .hasMessageContaining("is read by dev.memloop:memloop-llm-mcp, which is not on the class path");
  }

  @Test
  void should_refuse_a_key_far_from_any_without_a_guess() {
    Config config = ConfigFactory.load(ConfigFactory.parseString("memloop.telemetry.exporter = otlp"));
    assertThatThrownBy(() -> MemloopKeys.check(config)).hasMessageContaining("unknown config key memloop.telemetry"
        + ".exporter = \"otlp\"").hasMessageNotContaining("did you mean");
  }

  @Test
  void should_accept_every_documented_key_the_jvm_properties_and_dispatcher_tuning() {
    Config config = ConfigFactory.load(ConfigFactory.parseString("""
        memloop.agent.policy = none
        memloop.groups.a { agents = 2, memory.capacity = 3, llm.model = m }
        memloop.home = /opt/memloop
        memloop.cache.dir = /tmp/cache
        memloop.dispatcher.thread-pool-executor.fixed-pool-size = 4
        """));
    assertThatCode(() -> MemloopKeys.check(config)).doesNotThrowAnyException();
    assertThat(AgentConfigs.groups(config, 1)).hasSize(1);
  }

  @Test
  void should_check_keys_from_the_environment_and_system_properties(@TempDir Path dir) throws Exception {
    assertThat(run(dir, Map.of("CONFIG_FORCE_memloop_agent_memory_capacty", "5"), List.of()))
        .contains("unknown config key memloop.agent.memory.capacty = \"5\" (env variables overrides)")
        .contains("did you mean memloop.agent.memory.capacity?");
    assertThat(run(dir, Map.of(), List.of("-Dmemloop.agnet.policy=none")))
        .contains("unknown config key memloop.agnet.policy = \"none\" (system properties)");
    assertThat(run(dir, Map.of("CONFIG_FORCE_memloop_agent_policy", "none"), List.of()))
        .as("a known key from the environment wins over the files").contains("policy none");
    assertThat(run(dir, Map.of(), List.of("-Dmemloop.agent.memory.capacity=7"))).contains("capacity 7");
  }

  @Test
  void should_honour_an_application_conf_in_the_working_directory(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("application.conf"), "memloop.agent { policy = per-turn, memory.capacity = 9 }\n");
    assertThat(run(dir, Map.of(), List.of())).contains("policy per-turn capacity 9");
    Files.writeString(dir.resolve("application.conf"), "memloop.agent.polcy = none\n");
    assertThat(run(dir, Map.of(), List.of())).contains("unknown config key memloop.agent.polcy")
        .contains("application.conf: 1").contains("did you mean memloop.agent.policy?");
  }

  /** Runs {@link LoadConfigMain} in a child JVM in {@code dir}, with {@code environment} and {@code jvmArgs}. */
  private static String run(Path dir, Map<String, String> environment, List<String> jvmArgs)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(jvmArgs);
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), LoadConfigMain.class.getName()));
    ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
    builder.environment().keySet().removeIf(k -> k.startsWith("CONFIG_FORCE_"));
    builder.environment().putAll(environment);
    Process process = builder.start();
    try {
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("the child JVM ends").isTrue();
      return output;
    } finally {
      process.destroyForcibly();
    }
  }
}
