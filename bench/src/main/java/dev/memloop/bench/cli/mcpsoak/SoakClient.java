package dev.memloop.bench.cli.mcpsoak;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.LongAdder;

/**
 * One MCP client of the soak, as the official SDK's client speaks to {@code memloop mcp}: it remembers notes of unique
 * text, forgets its oldest once it holds {@link #LIVE} (so that the journal stays small enough to audit after every
 * fault), and recalls one of its own by its exact words, recording every answer in the {@link Ledger} before and after
 * each call. A call that fails (its server killed) leaves its note pending for the next audit; the client then parks at
 * the {@link Gate} and connects again once it opens. Runs on a thread of its own.
 */
final class SoakClient implements Runnable {

  /** Notes a client keeps before it forgets its oldest. */
  static final int LIVE = 500;
  private static final Duration CALL = Duration.ofSeconds(30);
  private static final String[] WORDS = {"invoice", "refund", "deploy", "staging", "order", "ticket", "disk",
      "latency", "customer", "shipment", "backup", "rollback", "alert", "quota", "certificate", "migration"};

  /** What the clients' calls came to, over the run. */
  static final class Counts {
    final LongAdder saves = new LongAdder();
    final LongAdder refusedSaves = new LongAdder();
    final LongAdder refusedForgets = new LongAdder();
    final LongAdder forgets = new LongAdder();
    final LongAdder recalls = new LongAdder();
    final LongAdder recallMisses = new LongAdder();
    final LongAdder failedCalls = new LongAdder();
    final LongAdder connections = new LongAdder();
    /** Answers no fault explains (an error that is not "not saved", a forget of a saved note finding nothing). */
    final LongAdder unexpected = new LongAdder();
    /** The first few failed calls, by client, as said: what a reader of a failed soak looks at first. */
    final java.util.Queue<String> firstFailures = new java.util.concurrent.ConcurrentLinkedQueue<>();

    void failed(String client, RuntimeException failure) {
      failedCalls.increment();
      if (firstFailures.size() < 10) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
          root = root.getCause();
        }
        firstFailures.add(client + ": " + failure + (root == failure ? "" : " (" + root + ")"));
      }
    }
  }

  private final String name;
  private final SoakServer server;
  private final Ledger ledger;
  private final Gate gate;
  private final Counts counts;
  private final SplittableRandom random;
  /** This client's notes that are saved and not being forgotten, oldest first: text and id. */
  private final Deque<String[]> live = new ArrayDeque<>();
  private long sequence;
  private volatile Throwable broken;
  /** The connection in use, for {@link #abort()}; null between connections. */
  private volatile McpSyncClient current;

  SoakClient(String name, SoakServer server, Ledger ledger, Gate gate, Counts counts, long seed) {
    this.name = name;
    this.server = server;
    this.ledger = ledger;
    this.gate = gate;
    this.counts = counts;
    this.random = new SplittableRandom(seed);
  }

  /** What ended the client other than the run's end (a harness bug, not a server fault); null while it runs. */
  Throwable broken() {
    return broken;
  }

  @Override
  public void run() {
    try {
      for (long generation = gate.park(); generation >= 0; generation = gate.park()) {
        McpSyncClient client = null;
        try {
          client = connect();
          counts.connections.increment();
          while (gate.mayCall(generation)) {
            call(client);
          }
          closeQuietly(client, true);
          client = null;
        } catch (RuntimeException failed) { // the server died under the call, or would not start: the next audit
          counts.failed(name, failed);
          Thread.sleep(100); // not a spin while the harness closes the gate
        } finally {
          current = null;
          closeQuietly(client, false);
        }
      }
    } catch (InterruptedException stop) {
      Thread.currentThread().interrupt();
    } catch (Error | RuntimeException bug) {
      broken = bug;
    }
  }

  /**
   * Cuts the connection in use, after its server was killed: the SDK's stdio transport does not fail the calls in
   * flight when its process dies (they wait out their timeout), and closing it does.
   */
  void abort() {
    closeQuietly(current, false);
  }

  private McpSyncClient connect() {
    McpSyncClient client;
    if (server.transport() == SoakServer.Transport.HTTP) {
      String url = server.url();
      String base = url.substring(0, url.length() - "/mcp".length());
      client = McpClient.sync(HttpClientStreamableHttpTransport.builder(base).endpoint("/mcp")
          .connectTimeout(Duration.ofSeconds(10)).build()).requestTimeout(CALL).build();
    } else {
      List<String> command;
      try {
        command = server.stdioCommand();
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
      client = McpClient.sync(new StdioClientTransport(ServerParameters.builder(command.get(0))
          .args(command.subList(1, command.size())).build(), McpJsonDefaults.getMapper())).requestTimeout(CALL)
          .initializationTimeout(Duration.ofMinutes(2)).build();
    }
    current = client; // a kill while the server starts cuts the initialize too
    try {
      client.initialize();
    } catch (RuntimeException failed) {
      closeQuietly(client, false);
      throw failed;
    }
    return client;
  }

  private void call(McpSyncClient client) {
    int dice = random.nextInt(100);
    if (live.size() >= LIVE || dice < 10 && !live.isEmpty()) {
      forget(client);
    } else if (dice < 25 && !live.isEmpty()) {
      recall(client);
    } else {
      remember(client);
    }
  }

  private void remember(McpSyncClient client) {
    String text = name + "-" + (sequence++) + ": " + WORDS[random.nextInt(WORDS.length)] + " "
        + WORDS[random.nextInt(WORDS.length)] + " " + random.nextInt(1_000_000);
    ledger.saving(text);
    CallToolResult result = client.callTool(new CallToolRequest("remember", Map.of("text", text)));
    if (Boolean.TRUE.equals(result.isError())) {
      String said = said(result);
      if (!said.contains("not saved")) { // no refusal the soak causes: counted, and the audit decides the note
        counts.unexpected.increment();
        return;
      }
      ledger.refused(text);
      counts.refusedSaves.increment();
      return;
    }
    String id = String.valueOf(((Map<?, ?>) result.structuredContent()).get("id"));
    ledger.saved(text, id);
    live.addLast(new String[] {text, id});
    counts.saves.increment();
  }

  private void forget(McpSyncClient client) {
    String[] note = live.pollFirst();
    ledger.forgetting(note[0], note[1]);
    CallToolResult result = client.callTool(new CallToolRequest("forget", Map.of("id", note[1])));
    String said = said(result);
    if (Boolean.TRUE.equals(result.isError()) && said.contains("not saved")) { // a full disk: the note stays
      ledger.forgetRefused(note[0], note[1]);
      live.addFirst(note);
      counts.refusedForgets.increment();
      return;
    }
    if (!said.startsWith("forgot ")) { // "no item": gone without a forget; kept saved, the audit names it lost
      ledger.forgetRefused(note[0], note[1]);
      counts.unexpected.increment();
      return;
    }
    ledger.forgotten(note[0], note[1]);
    counts.forgets.increment();
  }

  private void recall(McpSyncClient client) {
    String[] note = live.peekLast();
    CallToolResult result = client.callTool(new CallToolRequest("recall", Map.of("query", note[0], "k", 3)));
    counts.recalls.increment();
    if (Boolean.TRUE.equals(result.isError()) || !said(result).contains(note[1])) {
      counts.recallMisses.increment();
    }
  }

  private static String said(CallToolResult result) {
    StringBuilder text = new StringBuilder();
    result.content().forEach(c -> text.append(c instanceof TextContent t ? t.text() : ""));
    return text.toString();
  }

  /** Closes {@code client}: gracefully after a clean run (a stdio server ends with its input), at once after a fault. */
  private static void closeQuietly(McpSyncClient client, boolean gracefully) {
    if (client == null) {
      return;
    }
    try {
      if (gracefully) {
        client.closeGracefully();
      } else {
        client.close();
      }
    } catch (RuntimeException alreadyGone) {
      // its server was killed: nothing to close gracefully
    }
  }
}
