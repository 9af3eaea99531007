package dev.memloop.runtime.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import dev.memloop.memory.Eviction;
import dev.memloop.memory.IndexKind;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.step.WindowUnit;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AgentConfigsTest {

  static Config parse(String hocon) {
    return ConfigFactory.load(ConfigFactory.parseString(hocon));
  }

  @Test
  void should_default_to_the_documented_values() {
    AgentConfig c = AgentConfigs.agent(ConfigFactory.load());
    assertThat(c.policy()).isEqualTo(MemoryPolicyKind.PER_STEP);
    assertThat(c.budget()).isEqualTo(Duration.ofMillis(100));
    assertThat(c.guard().threshold()).as("calibrated").isEmpty();
    assertThat(c.guard().padOps()).isEqualTo(3);
    assertThat(c.window().size()).isEqualTo(4);
    assertThat(c.window().unit()).isEqualTo(WindowUnit.EXCHANGES);
    assertThat(c.memory().index()).isEqualTo(IndexKind.EXACT);
    assertThat(c.memory().store()).isEqualTo(MemoryStoreKind.OWN);
    assertThat(c.memory().capacity()).isZero();
    assertThat(c.memory().eviction()).isEqualTo(Eviction.NONE);
    assertThat(c.memory().embedder()).isEqualTo(EmbedderChoice.DEFAULT);
    assertThat(c.memory().k()).isEqualTo(8);
    assertThat(c.perTurn().dump()).isZero();
    assertThat(c.networked().rtt()).isEqualTo(Duration.ZERO);
    assertThat(c.networked().timeout()).isEqualTo(Duration.ofSeconds(2));
    assertThat(AgentConfigs.groups(ConfigFactory.load(), 7)).singleElement()
        .satisfies(g -> assertThat(g.name()).isEqualTo("default"))
        .satisfies(g -> assertThat(g.agents()).isEqualTo(7));
  }

  @Test
  void should_override_per_group_over_the_agent_defaults() {
    Config config = parse("""
        memloop.agent.budget = 250ms
        memloop.agent.guard.threshold = 0.97
        memloop.groups {
          fast { agents = 10, policy = per-step, memory { capacity = 500, eviction = oldest-first, index = flat } }
          slow { agents = 3, policy = networked, networked.rtt = 30ms, window { size = 8, unit = messages } }
          baseline { agents = 2, policy = per-turn, per-turn.dump = 16, budget = unlimited, guard.threshold = calibrated }
        }
        """);
    List<AgentGroup> groups = AgentConfigs.groups(config, 1);
    assertThat(groups).extracting(AgentGroup::name).containsExactly("baseline", "fast", "slow");
    AgentGroup baseline = groups.get(0);
    AgentGroup fast = groups.get(1);
    AgentGroup slow = groups.get(2);
    assertThat(fast.agents()).isEqualTo(10);
    assertThat(fast.config().memory().capacity()).isEqualTo(500);
    assertThat(fast.config().memory().eviction()).isEqualTo(Eviction.OLDEST_FIRST);
    assertThat(fast.config().memory().index()).isEqualTo(IndexKind.FLAT);
    assertThat(fast.config().budget()).as("inherited").isEqualTo(Duration.ofMillis(250));
    assertThat(fast.config().guard().threshold()).hasValue(0.97);
    assertThat(slow.config().networked().rtt()).isEqualTo(Duration.ofMillis(30));
    assertThat(slow.config().window().unit()).isEqualTo(WindowUnit.MESSAGES);
    assertThat(slow.config().window().size()).isEqualTo(8);
    assertThat(baseline.config().budget()).isNull();
    assertThat(baseline.config().budgetNanos()).isEqualTo(Long.MAX_VALUE);
    assertThat(baseline.config().perTurn().dump()).isEqualTo(16);
    assertThat(baseline.config().guard().threshold()).isEmpty();
  }

  @ParameterizedTest(name = "{0} = {1}")
  @CsvSource(delimiter = '|', value = {
      "memloop.agent.policy | sometimes | memloop.agent.policy = \"sometimes\": policy must be none, per-turn, per-step or networked: 'sometimes'",
      "memloop.agent.budget | fast | memloop.agent.budget = \"fast\":",
      "memloop.agent.budget | 0ms | memloop.agent: budget must be > 0 or unlimited: 0s",
      "memloop.agent.guard.threshold | 1.5 | memloop.agent.guard.threshold must be in [0, 1] or calibrated: 1.5",
      "memloop.agent.guard.threshold | -0.5 | memloop.agent.guard.threshold must be in [0, 1] or calibrated: -0.5 (below 0",
      "memloop.agent.guard.threshold | high | memloop.agent.guard.threshold = \"high\":",
      "memloop.agent.guard.pad-ops | -1 | memloop.agent.guard.pad-ops must be >= 0: -1",
      "memloop.agent.window.size | 0 | memloop.agent.window.size must be > 0: 0",
      "memloop.agent.window.unit | pages | memloop.agent.window.unit = \"pages\": window unit must be messages or exchanges: 'pages'",
      "memloop.agent.memory.store | shared | memloop.agent.memory.store = \"shared\": expected one of own, blackboard, remote, pgvector: 'shared'",
      "memloop.agent.memory.index | lsh | memloop.agent.memory.index = \"lsh\": expected one of exact, flat, hnsw: 'lsh'",
      "memloop.agent.memory.capacity | -3 | memloop.agent.memory.capacity = -3: must be > 0: -3",
      "memloop.agent.memory.eviction | random | memloop.agent.memory.eviction = \"random\": expected one of none, oldest-first, least-recently-recalled: 'random'",
      "memloop.agent.memory.k | 0 | memloop.agent.memory.k must be > 0: 0",
      "memloop.agent.memory.recall | fuzzy | memloop.agent.memory.recall = \"fuzzy\": must be vector or hybrid",
      "memloop.agent.per-turn.dump | none | memloop.agent.per-turn.dump = \"none\":",
      "memloop.agent.networked.rtt | -5ms | memloop.agent.networked.rtt must be >= 0: -5ms",
      "memloop.agent.networked.timeout | 0s | memloop.agent.networked.timeout must be > 0: 0s",
      "memloop.agent.patterns.novelty.threshold | 2 | memloop.agent.patterns: novelty threshold must be a similarity in [0, 1]: 2.0",
      "memloop.agent.patterns.novelty.enabled | maybe | memloop.agent.patterns.novelty.enabled = \"maybe\":",
      "memloop.agent.patterns.dedup-on-write.keep | last | memloop.agent.patterns.dedup-on-write.keep = \"last\": expected one of first, newest, both: 'last'",
      "memloop.agent.patterns.dedup-on-write.threshold | -2 | dedup threshold must be a similarity in [0, 1]: -2.0",
      "memloop.agent.patterns.adaptive-recall.k-max | 4 | adaptive recall needs 0 < k-min <= k-max: k-min 8, k-max 4",
      "memloop.agent.patterns.adaptive-recall.fraction | 1.5 | adaptive recall fraction must be in [0, 1]: 1.5",
      "memloop.agent.patterns.adaptive-recall.lambda | -0.1 | adaptive recall lambda must be in [0, 1]: -0.1",
      "memloop.agent.patterns.grounding.k | 0 | memloop.agent.patterns: grounding k must be > 0: 0",
      "memloop.agent.window.size | 4.5 | memloop.agent.window.size = 4.5: must be a whole number",
      "memloop.agent.memory.k | 1e12 | memloop.agent.memory.k = 1000000000000: must be at most 2147483647",
      "memloop.agent.networked.rtt | 30 | memloop.agent.networked.rtt = 30: a duration needs its unit, as in 30ms or 2s",
      "memloop.agent.budget | 100 | memloop.agent.budget = 100: a duration needs its unit, as in 30ms or 2s",
      "memloop.agent.memory.embedder | hashing-x | memloop.agent.memory.embedder = \"hashing-x\": hashing embedder needs a dimension, as in hashing-256",
      "memloop.agent.memory.embedder | hashing-0 | the hashing embedder's dimension must be in [1, 65536]: 0",
      "memloop.agent.memory.embedder | /no/such/dir | (no such directory): '/no/such/dir'",
      "memloop.agent.actions.retries | NaN | memloop.agent.actions.retries = \"NaN\": must be a whole number",
      "memloop.agent.tools.semantic-guard.lookupOrder | -0.5 | tools.semantic-guard.lookupOrder must be in [0, 1]: -0.5",
      "memloop.agent.tools.semantic-guard.lookupOrder | high | memloop.agent.tools.semantic-guard.lookupOrder = \"high\":",
      "memloop.agent.tools.semantic-guard | 3 | memloop.agent.tools.semantic-guard = 3:",
      "memloop.agent.tools.record-output | lots | memloop.agent.tools.record-output = \"lots\":",
      "memloop.agent.tools.record-output | 2MiB | tools.record-output must be in [0B, 1MiB]: 2097152B"})
  void should_reject_a_bad_value_with_its_path_and_value(String key, String value, String message) {
    Config config = parse(key + " = " + value);
    assertThatThrownBy(() -> AgentConfigs.agent(config)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(message);
  }

  @Test
  void should_keep_2KiB_of_a_tool_call_s_output_by_default_and_what_it_is_told() {
    assertThat(AgentConfigs.agent(parse("")).tools().recordOutput()).isEqualTo(2048);
    assertThat(AgentConfigs.agent(parse("memloop.agent.tools.record-output = 0B")).tools().recordOutput()).isZero();
    assertThat(dev.memloop.runtime.step.ToolCall.kept("sunny in Lisbon", 2048)).isEqualTo("sunny in Lisbon");
    assertThat(dev.memloop.runtime.step.ToolCall.kept("abcdefghij", 8)).isEqualTo("abcde\u2026");
    assertThat(dev.memloop.runtime.step.ToolCall.kept("\u00e9\u00e9\u00e9\u00e9", 6))
        .as("whole characters: two 2-byte ones, then the 3-byte ellipsis, never half a character")
        .isEqualTo("\u00e9\u2026");
    assertThat(dev.memloop.runtime.step.ToolCall.kept("anything", 0)).isNull();
  }

  @Test
  void should_read_the_tools_whose_guard_matches_by_similarity_per_agent_and_per_group() {
    AgentConfig agent = AgentConfigs.agent(parse("memloop.agent.tools.semantic-guard { searchFlights = 0.95 }"));
    assertThat(agent.tools().semanticGuard()).containsExactly(java.util.Map.entry("searchFlights", 0.95));
    assertThat(AgentConfigs.agent(parse("")).tools().semanticGuard()).as("every tool exact by default").isEmpty();
    assertThat(AgentConfigs.groups(parse("memloop.groups.a { agents = 1, tools.semantic-guard.lookup = 0.9 }"), 1)
        .get(0).config().tools().semanticGuard()).containsEntry("lookup", 0.9);
  }

  @Test
  void should_reject_unknown_keys_with_their_path() {
    assertThatThrownBy(() -> AgentConfigs.agent(parse("memloop.agent.budgett = 5ms")))
        .hasMessageContaining("unknown config key memloop.agent.budgett = \"5ms\"");
    assertThatThrownBy(() -> AgentConfigs.groups(parse("memloop.groups.a { agents = 2, memory.capacityy = 3 }"), 1))
        .hasMessageContaining("unknown config key memloop.groups.a.memory.capacityy = 3");
  }

  @Test
  void should_reject_bad_groups_naming_them() {
    assertThatThrownBy(() -> AgentConfigs.groups(parse("memloop.groups.a { policy = none }"), 1))
        .hasMessageContaining("memloop.groups.a.agents is missing");
    assertThatThrownBy(() -> AgentConfigs.groups(parse("memloop.groups.a { agents = 0 }"), 1))
        .hasMessageContaining("memloop.groups.a.agents = 0: must be > 0: 0");
    assertThatThrownBy(() -> AgentConfigs.groups(parse("memloop.groups.a = 3"), 1))
        .hasMessageContaining("memloop.groups.a: a group must be an object of agent settings, got '3'");
    assertThatThrownBy(() -> AgentConfigs.groups(parse("memloop.groups.b { agents = 2, budget = soon }"), 1))
        .hasMessageContaining("memloop.groups.b.budget = \"soon\"");
  }

  @Test
  void should_read_a_config_file_and_refuse_a_missing_one(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("fleet.conf");
    Files.writeString(file, "memloop.agent.policy = none\n");
    assertThat(AgentConfigs.agent(AgentConfigs.load(file)).policy()).isEqualTo(MemoryPolicyKind.NONE);
    Path missing = dir.resolve("nope.conf");
    assertThatThrownBy(() -> AgentConfigs.load(missing)).hasMessageContaining("config file not found: " + missing);
    Files.writeString(file, "memloop.agent { policy = ");
    assertThatThrownBy(() -> AgentConfigs.load(file)).hasMessageContaining("cannot read config file " + file);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "memloop.dispatcher.fork-join-executor.parallelism-max = -3"
          + "|config key memloop.dispatcher.fork-join-executor.parallelism-max = -3 (",
      "memloop.dispatcher.fork-join-executor.parallelism-factor = 0|parallelism-factor = 0 (",
      "memloop.dispatcher.fork-join-executor { parallelism-min = 9, parallelism-max = 4 }"
          + "|parallelism-min = 9 (",
      "memloop.action-dispatcher.thread-pool-executor.fixed-pool-size = 0|fixed-pool-size = 0 (",
      "pekko.actor.default-dispatcher.throughput = 0|pekko.actor.default-dispatcher.throughput = 0 (",
      "pekko.loggers = [\"com.example.Nope\"]"
          + "|pekko.loggers = [\"com.example.Nope\"] (",
      "pekko.logging-filter = com.example.Nope|names com.example.Nope, which is not on the class path",
      "memloop.agent.memory.k = abc|config key memloop.agent.memory.k = \"abc\" (",
  })
  void should_refuse_at_load_what_an_actor_system_would_fail_on_at_start(String line, String named,
      @TempDir Path dir) throws IOException {
    Path file = dir.resolve("bad.conf");
    Files.writeString(file, line + "\n");
    assertThatThrownBy(() -> AgentConfigs.load(file)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(named).hasMessageContaining(file.toString()).message().doesNotContain("\n");
  }

  @Test
  void should_refuse_a_file_nested_twenty_thousand_deep_by_name(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("deep.conf");
    int depth = 20_000;
    Files.writeString(file, "a = " + "{b = ".repeat(depth) + "1" + "}".repeat(depth) + "\n");
    assertThatThrownBy(() -> AgentConfigs.load(file)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("cannot read config file " + file + ": it nests objects or arrays too deeply");
  }

  @Test
  void should_read_the_times_to_live_of_memloop_memory_ttl_for_every_agent_and_group() {
    var config = parse("memloop.memory.ttl { observation = 2h, action = 30d }\nmemloop.groups.a { agents = 1 }");

    assertThat(AgentConfigs.agent(config).memory().ttls()).containsOnly(
        org.assertj.core.api.Assertions.entry(dev.memloop.memory.MemoryKind.OBSERVATION, java.time.Duration.ofHours(2)),
        org.assertj.core.api.Assertions.entry(dev.memloop.memory.MemoryKind.ACTION, java.time.Duration.ofDays(30)));
    assertThat(AgentConfigs.groups(config, 1).get(0).config().memory().ttls())
        .containsKey(dev.memloop.memory.MemoryKind.OBSERVATION);
    assertThat(AgentConfigs.agent(parse("")).memory().ttls()).isEmpty();
  }

  @Test
  void should_refuse_a_time_to_live_that_is_zero_negative_not_a_duration_or_of_no_kind_by_name() {
    assertThatThrownBy(() -> AgentConfigs.agent(parse("memloop.memory.ttl.note = 0s")))
        .hasMessageContaining("memloop.memory.ttl.note = \"0s\"").hasMessageContaining("positive duration");
    assertThatThrownBy(() -> AgentConfigs.agent(parse("memloop.memory.ttl.note = -5m")))
        .hasMessageContaining("memloop.memory.ttl.note").hasMessageContaining("positive duration");
    assertThatThrownBy(() -> AgentConfigs.agent(parse("memloop.memory.ttl.observation = soon")))
        .hasMessageContaining("memloop.memory.ttl.observation = \"soon\"");
    assertThatThrownBy(() -> AgentConfigs.agent(parse("memloop.memory.ttl.notes = 1h")))
        .hasMessageContaining("memloop.memory.ttl.notes").hasMessageContaining("memloop.memory.ttl.note");
  }
}
