package dev.memloop.cli;

import dev.memloop.cli.command.FleetFootprint;
import dev.memloop.cli.command.Heap;
import dev.memloop.cli.command.Failures;
import dev.memloop.memory.timing.Units;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.memloop.cli.report.RunDirectory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** memloop fleet, calibrate, node, mcp and memory: named errors, and small real runs. */
class AgentCommandsTest {

  @TempDir
  Path results;

  @TempDir
  Path configs;

  static Stream<Arguments> badFlags() {
    return Stream.of(
        Arguments.of(new String[] {"fleet", "--agents", "0"}, "agents must be > 0: 0"),
        Arguments.of(new String[] {"fleet", "--policy", "sometimes"}, "policy must be none, per-turn, per-step or networked: 'sometimes'"),
        Arguments.of(new String[] {"fleet", "--policy", "none,none"}, "each policy runs once"),
        Arguments.of(new String[] {"fleet", "--rtt", "soon"}, "not a duration (as in 30ms, 1s): 'soon'"),
        Arguments.of(new String[] {"fleet", "--rtt", "-3ms"}, "a duration must be >= 0: '-3ms'"),
        Arguments.of(new String[] {"fleet", "--budget", "lots"}, "memloop.agent.budget = \"lots\""),
        Arguments.of(new String[] {"fleet", "--budget", "0ms"}, "budget must be > 0 or unlimited: 0s"),
        Arguments.of(new String[] {"fleet", "--config", "/no/such.conf"}, "config file not found: /no/such.conf"),
        Arguments.of(new String[] {"fleet", "--model", "gpt-9"}, "--model gpt-9: without --llm, --model names a simulated preset"),
        Arguments.of(new String[] {"fleet", "--embedder", "bert-huge"}, "'bert-huge'"),
        Arguments.of(new String[] {"fleet", "--seed", "1000000005"}, "seed 1000000005 is held out"),
        Arguments.of(new String[] {"fleet", "--warmup", "-1"}, "warmup must be >= 0: -1"),
        Arguments.of(new String[] {"calibrate", "--embedder", "hashing-x"}, "hashing embedder needs a dimension"),
        Arguments.of(new String[] {"fleet", "--agents", "2000000000"},
            "--agents 2000000000: 2,000,000,000 agents need about " + Units.bytes(2_000_000_000L
                * FleetFootprint.bytesPerAgent()) + " of heap (~" + Units.bytes(FleetFootprint.bytesPerAgent())
                + " each), and this JVM may plan on"),
        Arguments.of(new String[] {"fleet", "--agents", "2000000000"}, "lower --agents or give the JVM more heap "
            + "(MEMLOOP_JAVA_OPTS=-Xmx" + Heap.gibibytesFor(2_000_000_000L * FleetFootprint.bytesPerAgent()) + "g)"),
        Arguments.of(new String[] {"fleet", "--in-flight", "0"}, "--in-flight must be in [1, 10000000]: 0"),
        Arguments.of(new String[] {"fleet", "--store", "mongo"}, "'mongo': expected own or pgvector"),
        Arguments.of(new String[] {"fleet", "--store", "pgvector"},
            "--store applies to networked groups, and there is none: add networked to --policy"),
        Arguments.of(new String[] {"fleet", "--pg-url", "jdbc:postgresql://db/x"},
            "--pg-url needs a group whose memory is in pgvector (--store pgvector, or memory.store = pgvector"),
        Arguments.of(new String[] {"fleet", "--policy", "networked", "--store", "pgvector", "--pg-url",
            "mysql://u:hunter2@db/x?password=hunter2"}, "'mysql://u:***@db/x?password=***'"),
        Arguments.of(new String[] {"fleet", "--agents", "1000000000", "--policy", "per-step,none"},
            "--agents 1000000000: 2,000,000,000 agents need about"),
        Arguments.of(new String[] {"fleet", "--trace-ratio", "0.5"}, "--trace-ratio needs --otlp-endpoint URL"),
        Arguments.of(new String[] {"fleet", "--otlp-endpoint", "http://127.0.0.1:4318/v1/traces", "--trace-ratio",
            "0"}, "--trace-ratio must be in (0, 1]: 0.0"),
        Arguments.of(new String[] {"fleet", "--otlp-endpoint", "grpc://collector:4317"},
            "--otlp-endpoint grpc://collector:4317: expected http(s)://HOST:PORT/v1/traces"),
        Arguments.of(new String[] {"fleet", "--otlp-endpoint", "http://u:hunter2@collector:4318/v1/traces"},
            "--otlp-endpoint: a URL with credentials is refused"),
        Arguments.of(new String[] {"node", "--port", "0", "--seeds", "127.0.0.1:99999"},
            "a seed's port must be in [1, 65535]: '127.0.0.1:99999'"),
        Arguments.of(new String[] {"node", "--port", "0", "--host", "999.1.1.1"}, "--host 999.1.1.1: does not resolve"),
        Arguments.of(new String[] {"node", "--port", "0", "--host", "192.0.2.1"},
            "--host 192.0.2.1: not an address of this machine"),
        Arguments.of(new String[] {"fleet", "--linger", "30s"}, "--linger needs --serve HOST:PORT"),
        Arguments.of(new String[] {"mcp", "--data", ""}, "--data needs a directory: ''"),
        Arguments.of(new String[] {"mcp", "--http-public"}, "--http-public needs --http HOST:PORT"),
        Arguments.of(new String[] {"mcp", "--http", "0.0.0.0:0"},
            "--http 0.0.0.0:0: 0.0.0.0 is not a loopback address; to serve the network add --http-public"),
        Arguments.of(new String[] {"mcp", "--http", "0.0.0.0:0", "--http-public"},
            "--http-public needs --auth token or oauth: a memory served beyond loopback must authenticate"),
        Arguments.of(new String[] {"mcp", "--http", "127.0.0.1:0", "--auth", "kerberos"},
            "--auth must be none, token or oauth: 'kerberos'"),
        Arguments.of(new String[] {"mcp", "--http", "127.0.0.1:0", "--auth", "oauth"},
            "--auth oauth needs --issuer URL and --audience URL"),
        Arguments.of(new String[] {"mcp", "--http", "127.0.0.1:0", "--issuer", "https://login.example.com"},
            "--issuer and --audience need --auth oauth"),
        Arguments.of(new String[] {"mcp", "--http", "127.0.0.1:0", "--board-members", "alice"},
            "--board-members needs --board NAME"),
        Arguments.of(new String[] {"mcp", "--http", "127.0.0.1:0", "--board", "desk", "--auth", "token", "--tokens",
            "t"}, "--board desk with --auth token needs --board-members P1,P2,..."),
        Arguments.of(new String[] {"mcp", "--http", "127.0.0.1:0", "--principal-claim", "email"},
            "--principal-claim needs --auth oauth"),
        Arguments.of(new String[] {"mcp", "--http", "127.0.0.1:0", "--auth", "oauth", "--issuer",
            "http://login.example.com", "--audience", "https://memory.example.com/mcp"},
            "--issuer must be https (plain http only on loopback): 'http://login.example.com'"),
        Arguments.of(new String[] {"mcp", "--http", "127.0.0.1:0", "--auth", "token"}, "--auth token needs --tokens FILE"),
        Arguments.of(new String[] {"mcp", "--http", "127.0.0.1:0", "--tokens", "t"}, "--tokens needs --auth token"),
        Arguments.of(new String[] {"mcp", "--tokens", "t"}, "--auth, --tokens and --allow-origin are for --http"),
        Arguments.of(new String[] {"mcp", "--http", "127.0.0.1:0", "--auth", "token", "--tokens", "/no/such/tokens"},
            "--tokens token file /no/such/tokens cannot be read"),
        Arguments.of(new String[] {"mcp", "--http", "127.0.0.1:0", "--allow-origin", "app.example.com"},
            "--allow-origin must be an origin as a browser sends it"),
        Arguments.of(new String[] {"memory", "repair", "--data", "/no/such/dir"}, "--data /no/such/dir: not a directory"),
        Arguments.of(new String[] {"fleet", "--serve-public"}, "--serve-public needs --serve HOST:PORT"),
        Arguments.of(new String[] {"fleet", "--serve", "0.0.0.0:0", "--serve-public"},
            "--serve-public needs --serve-tokens FILE: what is served beyond loopback must authenticate"),
        Arguments.of(new String[] {"fleet", "--serve-tokens", "t"}, "--serve-tokens needs --serve HOST:PORT"),
        Arguments.of(new String[] {"fleet", "--serve", "127.0.0.1:0", "--serve-tokens", "/no/such/tokens"},
            "--serve-tokens token file /no/such/tokens cannot be read"),
        Arguments.of(new String[] {"fleet", "--serve", "127.0.0.1:0", "--linger", "2d"}, "--linger must be <= 1d: 2d"),
        Arguments.of(new String[] {"fleet", "--serve", "10.1.2.3:9464"},
            "--serve 10.1.2.3:9464: 10.1.2.3 is not a loopback address; to serve the network add --serve-public"),
        Arguments.of(new String[] {"blackboard", "--serve", "no-such-host.invalid:1"},
            "--serve no-such-host.invalid:1: host 'no-such-host.invalid' does not resolve"),
        Arguments.of(new String[] {"node", "--port", "0", "--linger", "1s"}, "--linger needs --serve HOST:PORT"),
        Arguments.of(new String[] {"node", "--port", "0", "--serve", "127.0.0.1:0", "--linger", "1s"},
            "--linger: a node serves until it is stopped"),
        Arguments.of(new String[] {"node", "--port", "1", "--role", "agents,stroe"}, "unknown role 'stroe': expected agents, store, blackboard or driver"),
        Arguments.of(new String[] {"node", "--port", "99999"}, "port must be in [0, 65535]: 99999"),
        Arguments.of(new String[] {"node", "--port", "1", "--seeds", "nowhere"}, "a seed must be host:port: 'nowhere'"),
        Arguments.of(new String[] {"node"}, "Missing required option: '--port=<port>'"),
        Arguments.of(new String[] {"node", "--port", "0", "--join-timeout", "0s"},
            "--join-timeout must be in [1s, 1h]: 0s"),
        Arguments.of(new String[] {"node", "--port", "0", "--host", "0.0.0.0"},
            "--host 0.0.0.0: a node beyond loopback must speak TLS"),
        Arguments.of(new String[] {"node", "--port", "0", "--tls-keystore", "key.p12"},
            "--tls-keystore, --tls-truststore and --tls-password-file go together"),
        Arguments.of(new String[] {"node", "--port", "0", "--plain-tcp", "--tls-keystore", "k", "--tls-truststore", "t",
            "--tls-password-file", "p"}, "--plain-tcp and --tls-keystore contradict each other"),
        Arguments.of(new String[] {"node", "--port", "0", "--data-dir", "/proc/memloop-data"},
            "--data-dir /proc/memloop-data: cannot be created"));
  }

  @ParameterizedTest
  @MethodSource("badFlags")
  void should_reject_bad_flags_naming_the_value(String[] args, String message) throws IOException {
    CliRun.assertRefused(args, message, results);
  }

  @Test
  void should_give_up_joining_seeds_that_never_answer_at_the_join_timeout() throws IOException {
    int nobody;
    try (java.net.ServerSocket free = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      nobody = free.getLocalPort(); // closed again: no node listens there
    }
    CliRun run = CliRun.of("node", "--port", "0", "--seeds", "127.0.0.1:" + nobody, "--join-timeout", "2s");
    assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(Failures.FAILED);
    assertThat(run.err()).contains("memloop node: did not join the cluster through [127.0.0.1:" + nobody
        + "] within 2s (--join-timeout)");
  }

  @Test
  void should_refuse_a_serve_port_in_use_before_writing_anything() throws IOException {
    try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      String address = "127.0.0.1:" + taken.getLocalPort();
      CliRun.assertRefused(new String[] {"fleet", "--agents", "2", "--serve", address},
          "--serve " + address + ": cannot bind (the port is in use; choose another, or 0 for any free one)", results);
    }
  }

  @Test
  void should_refuse_a_node_port_in_use_in_one_line() throws IOException {
    try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      String address = "127.0.0.1:" + taken.getLocalPort();
      CliRun.assertRefused(new String[] {"node", "--port", Integer.toString(taken.getLocalPort())},
          "--port " + address + ": cannot bind (the port is in use; choose another, or 0 for any free one)", results);
    }
  }

  @Test
  void should_run_a_small_graded_fleet_of_every_policy() throws IOException {
    CliRun run = CliRun.of("fleet", "--agents", "20", "--policy", "per-step,networked,per-turn,none", "--rtt", "2ms",
        "--embedder", "hashing", "--warmup", "5", "--no-progress", "--json", "--out", results.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    JsonNode json = RunDirectory.JSON.readTree(run.out());
    assertThat(json.get("model").asText()).contains("simulated");
    JsonNode triage = json.get("triage");
    assertThat(triage).hasSize(4);
    assertThat(triage.get(0).get("group").asText()).isEqualTo("per-step");
    assertThat(triage.get(0).get("redundantMean").asDouble()).isZero();
    assertThat(triage.get(3).get("redundantMean").asDouble()).isGreaterThan(3);
    assertThat(triage.get(1).get("lookupsMean").asDouble()).as("networked agents looked up").isPositive();
    long noneRedundant = Math.round(triage.get(3).get("redundantMean").asDouble() * triage.get(3).get("workloads")
        .asInt());
    assertThat(run.err()).as("beside each mean, the count behind it").containsPattern("(?m)^none .*\\], "
        + noneRedundant + " in all ");
    assertThat(json.get("runtime").get("groups")).hasSize(4);
    // the live set by a class histogram once the turns were answered: the 80 agents, their memories, the JVM's own
    long liveSet = json.get("liveSetBytes").asLong();
    assertThat(liveSet).isPositive().isLessThan(Runtime.getRuntime().maxMemory());
    assertThat(run.err()).containsPattern("live set after the last turn [0-9.]+ [KMG]iB \\([0-9.]+ [KMG]iB per agent, a "
        + "class histogram\\)");
    try (Stream<Path> runs = Files.list(results)) {
      Path dir = runs.findFirst().orElseThrow();
      assertThat(dir.getFileName().toString()).startsWith("fleet-");
      assertThat(RunDirectory.JSON.readTree(dir.resolve("agents.json").toFile())).hasSize(80);
      java.util.List<String> histogram = Files.readAllLines(dir.resolve("live-set.txt"));
      assertThat(histogram.get(histogram.size() - 1)).startsWith("Total").endsWith(Long.toString(liveSet));
      assertThat(histogram.size()).isLessThanOrEqualTo(FleetLiveSet.CLASSES_KEPT + 3);
      assertThat(Files.readString(dir.resolve("report.md"))).contains("## Triage").contains("per-turn");
    }
  }

  @Test
  void should_measure_each_group_against_its_floor_and_say_which_lines_are_the_floor_s() throws IOException {
    CliRun run = CliRun.of("fleet", "--agents", "10", "--policy", "per-step,none", "--floor", "--embedder", "hashing",
        "--warmup", "0", "--no-progress", "--json", "--out", results.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    JsonNode floor = RunDirectory.JSON.readTree(run.out()).get("floor");
    assertThat(floor.fieldNames()).toIterable().containsExactly("per-step", "none");
    for (JsonNode group : floor) {
      assertThat(group.get("floorStepsPerSecond").asDouble()).isPositive();
      assertThat(group.get("shareOfFloor").asDouble()).isPositive();
    }
    assertThat(run.err()).contains("floor: the same 20 agents' turns, answered at once (no model, no memory)")
        .contains("per-step (floor)").contains("none (floor)");
  }

  @Test
  void should_run_groups_from_a_config_file() throws IOException {
    Path conf = results.resolve("fleet.conf");
    Files.writeString(conf, """
        memloop.agent.memory.embedder = hashing
        memloop.groups {
          small { agents = 3, policy = per-step }
          blind { agents = 2, policy = none }
        }
        """);
    Path out = results.resolve("out");
    CliRun run = CliRun.of("fleet", "--config", conf.toString(), "--warmup", "0", "--no-progress", "--out", out.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).contains("5 agents in 2 group(s)").contains("small").contains("blind");
    CliRun conflict = CliRun.of("fleet", "--config", conf.toString(), "--policy", "none", "--out", out.toString());
    assertThat(conflict.exitCode()).isEqualTo(2);
    assertThat(conflict.err()).contains("--policy conflicts with the groups of " + conf);
    Files.writeString(conf, "memloop.groups.x { agents = 2, policy = none, colour = blue }\n");
    CliRun unknown = CliRun.of("fleet", "--config", conf.toString(), "--out", out.toString());
    assertThat(unknown.exitCode()).isEqualTo(2);
    assertThat(unknown.err()).contains("unknown config key memloop.groups.x.colour");
  }

  @Test
  void should_run_networked_agents_on_postgresql_pgvector_started_for_the_run() throws IOException {
    CliRun fleet = CliRun.of("fleet", "--agents", "4", "--policy", "networked", "--store", "pgvector", "--in-flight",
        "1", "--warmup", "0", "--embedder", "hashing", "--out", results.toString());
    if (fleet.exitCode() != 0 && !"true".equals(System.getenv("CI")) && fleet.err().contains("pglite")) {
      org.junit.jupiter.api.Assumptions.abort("PGlite could not start here: " + fleet.err());
    }
    assertThat(fleet.exitCode()).as(fleet.err()).isZero();
    assertThat(fleet.out()).contains("pgvector: PostgreSQL").contains("pgvector 0.8.7")
        .containsPattern("\\nnetworked +4 +2?[0-9]+ ");
    try (Stream<Path> runs = Files.list(results)) {
      Path dir = runs.filter(d -> d.getFileName().toString().startsWith("fleet-")).findFirst().orElseThrow();
      assertThat(Files.readString(dir.resolve("run.json"))).contains("PGlite").doesNotContain("password=postgres");
    }
  }

  @Test
  void should_calibrate_the_hashing_embedder() {
    CliRun calibrate = CliRun.of("calibrate", "--embedder", "hashing", "--out", results.toString());
    assertThat(calibrate.exitCode()).as(calibrate.err()).isZero();
    assertThat(calibrate.out()).contains("hashing-256").contains("0.999").contains("Template wording dominates");
  }

  @org.junit.jupiter.api.Test
  void should_refuse_an_empty_out_instead_of_writing_into_the_working_directory() {
    CliRun run = CliRun.of(new String[] {"fleet", "--agents", "2", "--out", ""});
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err()).contains("--out must name a directory: ''");
  }

  @ParameterizedTest
  @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', value = {
      "memloop.agent = 1 | memloop.agent must be a section ({ ... }), not NUMBER 1",
      "memloop.llm.timeout = 30 | memloop.llm.timeout = 30: a duration needs its unit",
      "memloop.llm.max-retries = abc | config key memloop.llm.max-retries = \"abc\" (",
      "memloop.llm.max-retries = 2.5 | memloop.llm.max-retries = 2.5: must be a whole number",
      "memloop.llm.calls-per-second = abc | config key memloop.llm.calls-per-second = \"abc\" (",
      "memloop.llm.calls-per-second = -1 | memloop.llm.calls-per-second must be >= 0",
      "memloop.dispatcher.fork-join-executor.parallelism-max = -3"
          + " | memloop.dispatcher.fork-join-executor.parallelism-max = -3 (",
      "pekko.loggers = [\"com.example.Nope\"] | names com.example.Nope, which is not on the class path",
      "memloop.pgvector.pool-size = many | memloop.pgvector.pool-size",
      "pekko.actor { serializers.nope = \"com.example.Nope\", serialization-bindings { \"java.lang.String\" = nope } }"
          + " | a class named in the configuration is not on the class path: com.example.Nope"})
  void should_refuse_a_bad_config_value_of_any_section_at_the_start_naming_it(String line, String message)
      throws IOException {
    Path file = configs.resolve("bad.conf");
    java.nio.file.Files.writeString(file, line + "\n");
    CliRun.assertRefused(new String[] {"fleet", "--agents", "2", "--config", file.toString()}, message, results);
  }

  @org.junit.jupiter.api.Test
  void should_report_a_database_that_refuses_as_a_failed_run_in_one_line_not_as_a_bug() {
    CliRun run = CliRun.of("fleet", "--agents", "2", "--store", "pgvector", "--policy", "networked", "--pg-url",
        "jdbc:postgresql://127.0.0.1:1/memloop", "--out", results.toString());
    assertThat(run.exitCode()).as(run.err()).isEqualTo(1);
    assertThat(run.err()).contains("MemoryUnavailableException: pgvector store at jdbc:postgresql://127.0.0.1:1/memloop "
        + "unavailable (connecting)").doesNotContain("a bug").doesNotContain("\tat ");
  }
}
