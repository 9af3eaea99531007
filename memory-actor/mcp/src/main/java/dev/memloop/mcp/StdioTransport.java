package dev.memloop.mcp;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpServerSession;
import io.modelcontextprotocol.spec.McpServerTransport;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

/**
 * MCP over standard streams for a server, in place of the SDK's stdio transport (2.1.0 and 2.2.0 alike): that one
 * stops reading at a line that is valid JSON but not a message, drops replies when many are sent at once ("Failed to
 * enqueue message": its outbound sink's serialisation under contention), and closes at the end of input with
 * requests still unanswered. Here every line is checked as JSON-RPC before the session sees it ({@link JsonRpcLines}:
 * a refusal is answered at once and reading goes on), every message is written whole, one line at a time under one
 * lock, straight to the stream, and at the end of input the server waits for the answer to every request it
 * received, within a deadline, before it closes. One session, one client. Thread-safe.
 */
final class StdioTransport implements McpServerTransportProvider {

  private static final Logger LOG = LoggerFactory.getLogger(StdioTransport.class);

  private final McpJsonMapper json;
  private final BufferedReader in;
  private final OutputStream out;
  private final Object writing = new Object();
  /** Requests handed to the session and not yet answered, by id (a client may reuse one: counted). */
  private final Map<String, Integer> open = new HashMap<>();
  private volatile McpServerSession session;

  StdioTransport(McpJsonMapper json, InputStream in, OutputStream out) {
    this.json = json;
    this.in = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    this.out = out;
  }

  @Override
  public void setSessionFactory(McpServerSession.Factory factory) {
    session = factory.create(new SessionTransport());
  }

  @Override
  public Mono<Void> notifyClients(String method, Object params) {
    McpServerSession current = session;
    return current == null ? Mono.empty() : current.sendNotification(method, params);
  }

  @Override
  public Mono<Void> closeGracefully() {
    McpServerSession current = session;
    return current == null ? Mono.empty() : current.closeGracefully();
  }

  /**
   * Reads the client's lines until the end of input, handing each message to the session; then waits, at most
   * {@code drain}, for every request received to be answered. Returns how many were still open at the deadline.
   */
  int serve(Duration drain) throws IOException, InterruptedException {
    String line;
    while ((line = in.readLine()) != null) {
      if (line.isBlank()) {
        continue;
      }
      JsonRpcLines.Read read = JsonRpcLines.read(line);
      if (read.refused()) {
        write(read.refusal());
        continue;
      }
      if (read.message() == null) {
        continue; // a notification with wrong params: notifications are never answered
      }
      McpSchema.JSONRPCMessage message;
      try {
        message = McpSchema.deserializeJsonRpcMessage(json, read.message());
      } catch (IOException | RuntimeException unreadable) {
        write(JsonRpcLines.read("{}").refusal()); // as a line that is no message: invalid request, id null
        continue;
      }
      if (read.requestId() != null) {
        opened(key(read.requestId()));
      }
      session.handle(message).subscribe(null, failed -> LOG.warn("an MCP message failed: {}", failed.toString()));
    }
    return awaitAnswers(drain);
  }

  private void opened(String id) {
    synchronized (open) {
      open.merge(id, 1, Integer::sum);
    }
  }

  private void answered(Object id) {
    if (id == null) {
      return;
    }
    synchronized (open) {
      String key = key(id);
      Integer count = open.get(key);
      if (count != null) {
        if (count == 1) {
          open.remove(key);
        } else {
          open.put(key, count - 1);
        }
        open.notifyAll();
      }
    }
  }

  private int awaitAnswers(Duration drain) throws InterruptedException {
    long deadline = System.nanoTime() + drain.toNanos();
    synchronized (open) {
      while (!open.isEmpty()) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          return open.values().stream().mapToInt(Integer::intValue).sum();
        }
        java.util.concurrent.TimeUnit.NANOSECONDS.timedWait(open, left);
      }
      return 0;
    }
  }

  /** An id as JSON reads it back: 902 and "902" stay apart, 902 and 902L do not. */
  private static String key(Object id) {
    return id instanceof Number n ? "n:" + n.longValue() : "s:" + id;
  }

  private void write(String line) {
    byte[] bytes = (line + "\n").getBytes(StandardCharsets.UTF_8);
    synchronized (writing) {
      try {
        out.write(bytes);
        out.flush();
      } catch (IOException e) {
        throw new UncheckedIOException("the client's stream is closed: " + e.getMessage(), e);
      }
    }
  }

  /** The session's side: its messages, each one line. */
  private final class SessionTransport implements McpServerTransport {

    @Override
    public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
      return Mono.fromRunnable(() -> {
        try {
          write(json.writeValueAsString(message));
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
        if (message instanceof McpSchema.JSONRPCResponse response) {
          answered(response.id());
        }
      });
    }

    @Override
    public <T> T unmarshalFrom(Object data, TypeRef<T> type) {
      return json.convertValue(data, type);
    }

    @Override
    public Mono<Void> closeGracefully() {
      return Mono.empty();
    }
  }
}
