package dev.memloop.dist;

import dev.memloop.cli.Main;
import dev.memloop.cli.CliRun;
import dev.memloop.cli.command.Failures;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Every flag of every command, found in the command line's own model, refuses a bad value: exit code 2, at most
 * three short lines naming the flag or the value (the error, picocli's suggestion, the hint to --help), no stack
 * trace, and nothing written under --out. Typed flags get a value their type refuses (a whole number that is not
 * one or does not fit, NaN, a duration without its unit, an unknown name); text and path flags get the value of
 * {@link #TEXT}, and a text flag missing there fails {@link #every_text_flag_has_a_bad_value}.
 */
class EveryFlagBadInputTest {

  /** Commands whose flags are another tool's (JMH's own options pass through). */
  private static final Set<String> OTHER_TOOLS = Set.of("memloop jmh", "memloop generate-completion");

  /** The bad value of each text or path flag, by "command flag"; extra arguments the command needs come first. */
  private static final Map<String, List<String>> TEXT = new TreeMap<>(Map.ofEntries(
      Map.entry("memloop bench runtime --embedder", List.of("bert-huge")),
      Map.entry("memloop bench durability --embedder", List.of("bert-huge")),
      Map.entry("memloop bench durability --pg-url", List.of("mysql://u:hunter2@db")),
      Map.entry("memloop bench store --data", List.of("spiral")),
      Map.entry("memloop bench embed --model", List.of("/no/such/model")),
      Map.entry("memloop bench mcp --embedder", List.of("bert-huge")),
      Map.entry("memloop bench locomo --data", List.of("/no/such/locomo10.json")),
      Map.entry("memloop bench locomo --embedder", List.of("bert-huge")),
      Map.entry("memloop bench locomo --analysis", List.of("klingon")),
      Map.entry("memloop bench longmemeval --analysis", List.of("klingon")),
      Map.entry("memloop bench locomo --llm", List.of("claude")),
      Map.entry("memloop bench locomo --llm-base-url", List.of("--llm", "openai", "not a url")),
      Map.entry("memloop bench locomo --model", List.of("gpt-9")),
      Map.entry("memloop bench longmemeval --data", List.of("/no/such/longmemeval_s.json")),
      Map.entry("memloop bench longmemeval --embedder", List.of("bert-huge")),
      Map.entry("memloop bench embed-quality --model", List.of("/no/such/model")),
      Map.entry("memloop blackboard --budget", List.of("lots")),
      Map.entry("memloop blackboard --config", List.of("/no/such.conf")),
      Map.entry("memloop blackboard --embedder", List.of("hashing-x")),
      Map.entry("memloop blackboard ladder --budget", List.of("0ms")),
      Map.entry("memloop blackboard ladder --config", List.of("/no/such.conf")),
      Map.entry("memloop blackboard ladder --embedder", List.of("bert-huge")),
      Map.entry("memloop calibrate --embedder", List.of("hashing-0")),
      Map.entry("memloop calibrate --pairs", List.of("/no/such/pairs.csv")),
      Map.entry("memloop bench guard --embedder", List.of("bert-huge")),
      Map.entry("memloop bench guard --pairs", List.of("/no/such/pairs.csv")),
      Map.entry("memloop bench updates --embedder", List.of("bert-huge")),
      Map.entry("memloop bench updates --half-life", List.of("0d")),
      Map.entry("memloop mcp --embedder", List.of("bert-huge")),
      Map.entry("memloop mcp --memory", List.of("two words")),
      Map.entry("memloop mcp --http", List.of("10.1.2.3:9464")),
      Map.entry("memloop mcp --data", List.of("/proc/no-such-dir/memories")),
      Map.entry("memloop mcp --auth", List.of("kerberos")),
      Map.entry("memloop mcp --issuer", List.of("--http", "127.0.0.1:0", "--auth", "oauth", "--audience",
          "https://memory.example.com/mcp", "issuer.example.com")),
      Map.entry("memloop mcp --audience", List.of("--http", "127.0.0.1:0", "--auth", "oauth", "--issuer",
          "http://127.0.0.1:1", "memory.example.com")),
      Map.entry("memloop mcp --principal-claim", List.of("--http", "127.0.0.1:0", "--auth", "oauth", "--issuer",
          "http://127.0.0.1:1", "--audience", "https://memory.example.com/mcp", "a claim")),
      Map.entry("memloop memory audit --data", List.of("--text", "x", "/no/such/dir")),
      Map.entry("memloop memory audit --text", List.of("--data", "..", " ")),
      Map.entry("memloop memory export --data", List.of("/no/such/dir")),
      Map.entry("memloop memory import --data", List.of("../pom.xml", "../pom.xml")),
      Map.entry("memloop memory import --embedder", List.of("../pom.xml", "bert-huge")),
      Map.entry("memloop mcp --tokens", List.of("/no/such/tokens")),
      Map.entry("memloop mcp --allow-origin", List.of("app.example.com")),
      Map.entry("memloop mcp --board", List.of("two words")),
      Map.entry("memloop mcp --board-members", List.of("alice")),
      Map.entry("memloop memory repair --data", List.of("/proc/no-such-dir/memories")),
      Map.entry("memloop memory forget --data", List.of("--id", "x", "/proc/no-such-dir/memories")),
      Map.entry("memloop memory forget --memory", List.of("--id", "x", "no-such-memory")),
      Map.entry("memloop memory forget --principal", List.of("nobody-at-all")),
      Map.entry("memloop memory forget --id", List.of("x")),
      Map.entry("memloop memory forget --subject", List.of("x")),
      Map.entry("memloop memory forget --author", List.of("x")),
      Map.entry("memloop memory forget --where", List.of("--memory", "notes", "project")),
      Map.entry("memloop embedder distill --cache", List.of("/proc/no-such-cache")),
      Map.entry("memloop embedder distill --teacher", List.of("gpt-9")),
      Map.entry("memloop embedder info --cache", List.of("/etc/hostname")),
      Map.entry("memloop soak --embedder", List.of("bert-huge")),
      Map.entry("memloop soak --pg-url", List.of("mysql://u:hunter2@db")),
      Map.entry("memloop fleet --budget", List.of("fast")),
      Map.entry("memloop fleet --config", List.of("/no/such.conf")),
      Map.entry("memloop fleet --embedder", List.of("bert-huge")),
      Map.entry("memloop fleet --llm", List.of("claude")),
      Map.entry("memloop fleet --llm-base-url", List.of("ftp://model")),
      Map.entry("memloop fleet --mcp", List.of("--llm", "openai", "--llm-base-url", "http://127.0.0.1:9/v1", "tickets")),
      Map.entry("memloop fleet --mcp-tools", List.of("--llm", "openai", "--llm-base-url", "http://127.0.0.1:9/v1",
          "tickets")),
      Map.entry("memloop fleet --mcp-exclude-tools", List.of("--llm", "openai", "--llm-base-url",
          "http://127.0.0.1:9/v1", "nosuchserver=get-env")),
      Map.entry("memloop fleet --model", List.of("gpt-9")),
      Map.entry("memloop fleet --serve", List.of("0.0.0.0:9464")),
      Map.entry("memloop fleet --serve-tokens", List.of("--serve", "127.0.0.1:0", "/no/such/tokens")),
      Map.entry("memloop blackboard --serve-tokens", List.of("--serve", "127.0.0.1:0", "/no/such/tokens")),
      Map.entry("memloop node --serve-tokens", List.of("--port", "0", "--serve", "127.0.0.1:0", "/no/such/tokens")),
      Map.entry("memloop fleet --otlp-endpoint", List.of("ftp://collector")),
      Map.entry("memloop blackboard --serve", List.of("9464")),
      Map.entry("memloop node --serve", List.of("--port", "0", "127.0.0.1:99999")),
      Map.entry("memloop fleet --pg-url", List.of("--policy", "networked", "--store", "pgvector", "mysql://db")),
      Map.entry("memloop lifecycle agents --embedder", List.of("bert-huge")),
      Map.entry("memloop lifecycle idle --embedder", List.of("bert-huge")),
      Map.entry("memloop node --config", List.of("--port", "0", "/no/such.conf")),
      Map.entry("memloop node --data-dir", List.of("--port", "0", "/proc/memloop-data")),
      Map.entry("memloop node --host", List.of("--port", "0", "no host")),
      Map.entry("memloop node --role", List.of("--port", "0", "agents,stroe")),
      Map.entry("memloop node --seeds", List.of("--port", "0", "nowhere")),
      Map.entry("memloop node --tls-keystore", List.of("--port", "0", "--tls-truststore", "/no/such-trust.p12",
          "--tls-password-file", "/etc/hostname", "/no/such-key.p12")),
      Map.entry("memloop node --tls-truststore", List.of("--port", "0", "/no/such-trust.p12")),
      Map.entry("memloop node --tls-password-file", List.of("--port", "0", "/no/such-password")),
      Map.entry("memloop reproduce --embedder", List.of("bert-huge")),
      Map.entry("memloop reproduce --llm", List.of("claude")),
      Map.entry("memloop reproduce --llm-base-url", List.of("--llm", "openai", "not a url")),
      Map.entry("memloop reproduce --model", List.of("gpt-5-nano")),
      Map.entry("memloop reproduce --only", List.of("fig99")),
      Map.entry("memloop reproduce --pg-url", List.of("mysql://db"))));

  /** What a command always needs beside the flag under test (its required options), by command. */
  private static final Map<String, List<String>> REQUIRED = Map.of(
      "memloop bench locomo", List.of("--data", "../bench/src/test/resources/locomo/fixture.json"),
      "memloop bench longmemeval", List.of("--data", "../bench/src/test/resources/longmemeval/fixture.json"),
      "memloop memory export", List.of("--data", ".."),
      "memloop memory forget", List.of("--data", ".."),
      "memloop memory import", List.of("--data", "target/no-import-here"));

  @TempDir
  Path results;

  @TestFactory
  Stream<DynamicTest> every_flag_refuses_a_bad_value() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Flag flag : flags()) {
      List<String> value = badValue(flag);
      if (value == null) {
        continue; // a text flag without an entry: every_text_flag_has_a_bad_value names it
      }
      tests.add(DynamicTest.dynamicTest(flag.key() + " " + String.join(" ", value), () -> assertRefused(flag, value)));
    }
    return tests.stream();
  }

  @Test
  void every_text_flag_has_a_bad_value() {
    Set<String> missing = new TreeSet<>();
    for (Flag flag : flags()) {
      if (badValue(flag) == null) {
        missing.add(flag.key());
      }
    }
    assertThat(missing).as("text flags without a bad value in TEXT").isEmpty();
    Set<String> stale = new TreeSet<>(TEXT.keySet());
    flags().forEach(f -> stale.remove(f.key()));
    assertThat(stale).as("TEXT entries naming no flag").isEmpty();
  }

  private void assertRefused(Flag flag, List<String> value) throws IOException {
    Path out = Files.createTempDirectory(results, "out");
    List<String> args = new ArrayList<>(flag.command().subList(1, flag.command().size()));
    List<String> required = REQUIRED.getOrDefault(String.join(" ", flag.command()), List.of());
    if (!required.contains(flag.name())) {
      args.addAll(required);
    }
    List<String> extra = value.subList(0, value.size() - 1); // what the command needs beside the flag
    args.addAll(extra);
    args.add(flag.name());
    args.add(value.get(value.size() - 1));
    if (flag.writes() && !flag.name().equals("--out")) {
      args.add("--out");
      args.add(out.toString());
    }
    // a deadline, not a timing check: a flag that fails to refuse would otherwise run its whole command
    CliRun run = assertTimeoutPreemptively(Duration.ofMinutes(2), () -> CliRun.of(args.toArray(String[]::new)),
        () -> String.join(" ", args) + " was not refused: it ran");
    String shown = String.join(" ", args) + "\n" + run.err();
    assertThat(run.exitCode()).as(shown).isEqualTo(Failures.USAGE);
    assertThat(run.err()).as(shown).doesNotContain("\tat ").doesNotContain("Usage:");
    assertThat(run.err().lines().count()).as(shown).isBetween(1L, 3L);
    assertThat(run.err()).as("names the flag or the value: " + shown)
        .containsAnyOf(flag.name(), flag.name().substring(2), value.get(value.size() - 1));
    try (Stream<Path> written = Files.list(out)) {
      assertThat(written).as("nothing written for " + shown).isEmpty();
    }
  }

  /** A value the flag's type refuses, or the flag's entry in {@link #TEXT}; null for a text flag without one. */
  private List<String> badValue(Flag flag) {
    Class<?> type = flag.option().type();
    Class<?> element = flag.option().auxiliaryTypes().length > 0 ? flag.option().auxiliaryTypes()[0] : type;
    if (flag.name().equals("--out")) {
      return List.of(results.resolve("a-file").toString() + "/under-a-file");
    }
    if (TEXT.containsKey(flag.key())) {
      return TEXT.get(flag.key());
    }
    if (element == int.class || element == Integer.class || element == long.class || element == Long.class) {
      return List.of("99999999999999999999");
    }
    if (type == double.class || type == Double.class) {
      return List.of("NaN");
    }
    if (element == Duration.class) {
      return List.of("30");
    }
    if (element.isEnum()) {
      return List.of("bogus");
    }
    return null;
  }

  /** Every option of every command with a value (booleans and help options have none). */
  private List<Flag> flags() {
    try {
      Files.writeString(results.resolve("a-file"), "not a directory");
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    List<Flag> flags = new ArrayList<>();
    walk(Main.commandLine(), flags);
    return flags;
  }

  private static void walk(CommandLine cli, List<Flag> flags) {
    String name = cli.getCommandSpec().qualifiedName();
    if (OTHER_TOOLS.contains(name)) {
      return;
    }
    boolean writes = cli.getCommandSpec().findOption("--out") != null;
    for (OptionSpec option : cli.getCommandSpec().options()) {
      if (option.usageHelp() || option.versionHelp() || option.arity().max() == 0) {
        continue;
      }
      flags.add(new Flag(List.of(name.split(" ")), option.longestName(), option, writes));
    }
    cli.getSubcommands().values().stream().distinct().forEach(sub -> {
      // an experiment's subcommand carries reproduce's own options, bound to reproduce: tested there
      if (!(sub.getCommand() instanceof CommandLine.HelpCommand) && !name.equals("memloop reproduce")) {
        walk(sub, flags);
      }
    });
  }

  private record Flag(List<String> command, String name, OptionSpec option, boolean writes) {
    String key() {
      return String.join(" ", command) + " " + name;
    }
  }
}
