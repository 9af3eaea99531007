package dev.memloop.bench.cli;

import dev.memloop.cli.Main;
import dev.memloop.bench.benchmarks.embed.EmbedBenchmark;
import dev.memloop.mcp.HttpMcpServer;
import dev.memloop.mcp.MemoryMcpServer;
import dev.memloop.memory.MemoryQuery;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.timing.NearestRank;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * What a recall costs a client over MCP against the same recall in process, in one run: the memory's own
 * {@code search} (embedding included), the {@code recall} tool over MCP's streamable HTTP on loopback (the server in
 * this JVM, on the same memory), and over stdio to a {@code memloop mcp} process (filled through the tool, as a
 * client would). The paths take turns in rounds, so that a noisy machine slows them alike; each recall is timed
 * from the call to its answer, on the client's side.
 */
final class McpLatency {

  /** What to measure: items in the memory, timed recalls per path, rounds they are split into, k. */
  record Config(int items, int calls, int rounds, int k, long seed, String embedder) {
    Config {
      if (items < 1 || items > 1_000_000) {
        throw new IllegalArgumentException("--items must be in [1, 1000000]: " + items);
      }
      if (calls < 10 || calls > 10_000_000) {
        throw new IllegalArgumentException("--calls must be in [10, 10000000]: " + calls);
      }
      if (rounds < 1 || rounds > calls) {
        throw new IllegalArgumentException("--rounds must be in [1, --calls]: " + rounds);
      }
      if (k < 1 || k > 64) {
        throw new IllegalArgumentException("--k must be in [1, 64]: " + k);
      }
    }
  }

  /** One path's recalls: nanoseconds at the median and the 99th percentile, and the worst. */
  record Row(String path, long p50Nanos, long p99Nanos, long maxNanos, int samples, double overInProcess) {}

  private McpLatency() {}

  static List<Row> run(Config config, WorkingMemory memory, List<String> javaCommand, Consumer<String> progress)
      throws Exception {
    String[] stored = EmbedBenchmark.lines(config.seed(), config.items());
    String[] queries = EmbedBenchmark.lines(config.seed() + 1, Math.max(config.calls(), 200));
    progress.accept("filling the memory: " + config.items() + " items");
    for (String line : stored) {
      memory.add(line);
    }
    List<String> names = List.of("in process: WorkingMemory.search", "MCP streamable HTTP, loopback",
        "MCP stdio, a memloop mcp process");
    HttpMcpServer http = HttpMcpServer.start(MemoryMcpServer.builder(memory, "bench"), "127.0.0.1", 0, null);
    McpSyncClient overHttp = null;
    McpSyncClient overStdio = null;
    try {
      overHttp = McpClient.sync(HttpClientStreamableHttpTransport.builder("http://127.0.0.1:" + http.port())
          .endpoint(HttpMcpServer.ENDPOINT).connectTimeout(Duration.ofSeconds(10)).build())
          .requestTimeout(Duration.ofSeconds(30)).build();
      overHttp.initialize();
      List<String> command = new ArrayList<>(javaCommand);
      command.addAll(List.of("mcp", "--memory", "bench", "--embedder", config.embedder()));
      overStdio = McpClient.sync(new StdioClientTransport(ServerParameters.builder(command.get(0))
          .args(command.subList(1, command.size())).build(), McpJsonDefaults.getMapper()))
          .requestTimeout(Duration.ofSeconds(30)).initializationTimeout(Duration.ofSeconds(60)).build();
      overStdio.initialize();
      progress.accept("filling the memloop mcp process through its remember tool");
      for (String line : stored) {
        call(overStdio, "remember", Map.of("text", line));
      }
      McpSyncClient httpClient = overHttp;
      AtomicInteger retried = new AtomicInteger();
      McpSyncClient stdioClient = overStdio;
      List<Function<String, Object>> paths = List.of(
          query -> memory.search(MemoryQuery.text(query).k(config.k()).build()),
          query -> recallRetryingOnce(httpClient, Map.of("query", query, "k", config.k()), retried, progress),
          query -> call(stdioClient, "recall", Map.of("query", query, "k", config.k())));
      progress.accept("warming up: 200 recalls a path");
      for (Function<String, Object> path : paths) {
        for (int i = 0; i < 200; i++) {
          Objects.requireNonNull(path.apply(queries[i]), "a recall answered nothing");
        }
      }
      long[][] samples = new long[paths.size()][config.calls()];
      int perRound = config.calls() / config.rounds();
      int done = 0;
      for (int round = 0; round < config.rounds(); round++) {
        int end = round == config.rounds() - 1 ? config.calls() : done + perRound;
        for (int p = 0; p < paths.size(); p++) {
          for (int i = done; i < end; i++) {
            long start = System.nanoTime();
            Objects.requireNonNull(paths.get(p).apply(queries[i]), "a recall answered nothing");
            samples[p][i] = System.nanoTime() - start;
          }
        }
        done = end;
        progress.accept("round " + (round + 1) + " of " + config.rounds());
      }
      long inProcess = NearestRank.of(samples[0], 0.5);
      List<Row> rows = new ArrayList<>();
      for (int p = 0; p < paths.size(); p++) {
        long p50 = NearestRank.of(samples[p], 0.5);
        rows.add(new Row(names.get(p), p50, NearestRank.of(samples[p], 0.99), NearestRank.of(samples[p], 1.0),
            config.calls(), inProcess == 0 ? Double.NaN : (double) p50 / inProcess));
      }
      return rows;
    } finally {
      if (overHttp != null) {
        overHttp.closeGracefully();
      }
      if (overStdio != null) {
        overStdio.closeGracefully(); // the process ends when its standard input closes
      }
      http.close();
    }
  }

  /**
   * A recall over HTTP, asked again once when the connection failed under it before any answer came: the JDK's client
   * reuses a pooled connection the server may just have closed ("header parser received no bytes"), and a recall is a
   * read, safe to repeat. The retried sample keeps both attempts' time; each retry is said.
   */
  private static CallToolResult recallRetryingOnce(McpSyncClient client, Map<String, Object> arguments,
      AtomicInteger retried, Consumer<String> progress) {
    try {
      return call(client, "recall", arguments);
    } catch (RuntimeException e) {
      if (!connectionFailed(e)) {
        throw e;
      }
      progress.accept("a recall over HTTP asked again after its connection closed (" + retried.incrementAndGet()
          + " so far): " + e.getMessage());
      return call(client, "recall", arguments);
    }
  }

  private static boolean connectionFailed(Throwable e) {
    for (Throwable cause = e; cause != null; cause = cause.getCause()) {
      if (cause instanceof java.io.IOException) {
        return true;
      }
    }
    return false;
  }

  private static CallToolResult call(McpSyncClient client, String tool, Map<String, Object> arguments) {
    CallToolResult result = client.callTool(new CallToolRequest(tool, arguments));
    if (Boolean.TRUE.equals(result.isError())) {
      throw new IllegalStateException("the " + tool + " tool answered an error: " + result.content());
    }
    return result;
  }

  /** This JVM's java, its options and class path, and memloop's main class: how to start {@code memloop ...}. */
  static List<String> memloopCommand() {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
        .filter(option -> !option.startsWith("-agentlib") && !option.startsWith("-javaagent")).toList());
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
    return command;
  }
}
