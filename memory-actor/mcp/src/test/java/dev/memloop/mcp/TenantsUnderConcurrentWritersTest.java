package dev.memloop.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memloop.auth.BearerTokens;
import dev.memloop.auth.Principal;
import dev.memloop.memory.MemoryItem;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.embed.HashingEmbedder;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Principals writing at once, each through its own HTTP client and token, into tenant memories kept in journals:
 * afterwards every acknowledged note is in its principal's journal and in no other, none lost, none seen by another.
 */
class TenantsUnderConcurrentWritersTest {

  static final List<String> PRINCIPALS = List.of("alice", "bob", "carol", "dave");
  static final int NOTES = 40;

  @TempDir
  Path dir;

  @Test
  void should_keep_every_acknowledged_note_in_its_principal_s_journal_alone() throws Exception {
    StringBuilder lines = new StringBuilder();
    for (String p : PRINCIPALS) {
      lines.append(BearerTokens.hash(p + "-token")).append(' ').append(p).append(" memory:read,memory:write\n");
    }
    Path tokens = Files.writeString(dir.resolve("tokens"), lines.toString());
    Path data = Files.createDirectories(dir.resolve("data"));
    Map<String, WorkingMemory> opened = new ConcurrentHashMap<>();
    Map<String, Set<String>> acknowledged = new ConcurrentHashMap<>();
    try (WorkingMemory shared = JournaledMemory.open(data, "notes", empty());
        HttpMcpServer server = HttpMcpServer.start(MemoryMcpServer.builder(shared, "notes").tenants(principal ->
            opened.computeIfAbsent(principal, p -> JournaledMemory.open(data, "notes@" + Principal.fileName(p),
                empty()))), "127.0.0.1", 0, null, new HttpAccess(BearerTokens.read(tokens), List.of()))) {
      ExecutorService writers = Executors.newFixedThreadPool(PRINCIPALS.size());
      try {
        List<Future<?>> done = new ArrayList<>();
        for (String p : PRINCIPALS) {
          done.add(writers.submit(() -> {
            McpSyncClient client = client(server, p + "-token");
            try {
              for (int n = 0; n < NOTES; n++) {
                String text = p + " note " + n + " " + Integer.toHexString((p + n).hashCode());
                CallToolResult saved = client.callTool(new CallToolRequest("remember", Map.of("text", text)));
                if (!Boolean.TRUE.equals(saved.isError())) {
                  acknowledged.computeIfAbsent(p, k -> ConcurrentHashMap.newKeySet()).add(text);
                }
              }
              String others = client.callTool(new CallToolRequest("recall", Map.of("query", "note", "k", 64)))
                  .content().toString();
              for (String other : PRINCIPALS) {
                if (!other.equals(p)) {
                  assertThat(others).as(p + " recalls nothing of " + other).doesNotContain(other + " note");
                }
              }
            } finally {
              client.closeGracefully();
            }
            return null;
          }));
        }
        for (Future<?> f : done) {
          f.get(5, TimeUnit.MINUTES);
        }
      } finally {
        writers.shutdownNow();
      }
    } finally {
      opened.values().forEach(WorkingMemory::close);
    }
    for (String p : PRINCIPALS) {
      assertThat(acknowledged.get(p)).as(p + "'s acknowledged notes").hasSize(NOTES);
      try (JournaledMemory kept = JournaledMemory.open(data, "notes@" + p, empty())) {
        Set<String> texts = kept.items().stream().map(MemoryItem::text).collect(Collectors.toSet());
        assertThat(texts).as(p + "'s journal, reopened").isEqualTo(acknowledged.get(p));
      }
    }
    try (JournaledMemory shared = JournaledMemory.open(data, "notes", empty())) {
      assertThat(shared.size()).as("the shared memory, no principal's").isZero();
    }
  }

  static WorkingMemory empty() {
    return WorkingMemory.builder(new HashingEmbedder(32)).threadSafe().build();
  }

  static McpSyncClient client(HttpMcpServer server, String token) {
    McpSyncClient client = McpClient.sync(HttpClientStreamableHttpTransport.builder(server.url()
            .replace(HttpMcpServer.ENDPOINT, "")).endpoint(HttpMcpServer.ENDPOINT)
            .httpRequestCustomizer((request, method, uri, body, context) -> request.header("Authorization",
                "Bearer " + token)).build())
        .requestTimeout(Duration.ofSeconds(60)).build();
    client.initialize();
    return client;
  }
}
