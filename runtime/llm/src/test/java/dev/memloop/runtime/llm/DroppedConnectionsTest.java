package dev.memloop.runtime.llm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.memloop.runtime.llm.http.RetryAfter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A model server that keeps each connection alive after its first answer and closes it, unanswered, when the second
 * request arrives on it: what a server with a short keep-alive does to a client that reuses its connections. Every
 * other call lands on such a connection; each is retried on a new one, counted as a connection retry, and no call
 * fails. Without retries the same server fails calls, so the test sees the drops it claims to ride out.
 */
class DroppedConnectionsTest {

  static final ChatRequest HI = ChatRequest.builder().messages(UserMessage.from("hi")).build();

  final List<Long> slept = new CopyOnWriteArrayList<>();

  ChatCalls calls(DroppingServer server, int retries, LlmCounters counters) {
    return new ChatCalls(new LlmSettings(server.baseUrl(), "gpt-5-nano", OptionalDouble.empty(),
        Duration.ofSeconds(10), retries, Duration.ofMillis(1), "sk-test"), counters, List.of(), new RetryAfter(),
        slept::add);
  }

  @Test
  void should_ride_out_a_server_that_drops_every_other_connection_and_count_the_retries() throws Exception {
    try (DroppingServer server = new DroppingServer()) {
      LlmCounters counters = new LlmCounters();
      ChatCalls calls = calls(server, 2, counters);
      for (int i = 0; i < 20; i++) {
        assertThat(calls.chat(HI).aiMessage().text()).isEqualTo("answer");
      }
      LlmCounters.Snapshot after = counters.snapshot();
      assertThat(after.failures()).isZero();
      assertThat(server.dropped()).as("the server dropped requests").isPositive();
      assertThat(after.retriesByCause()).containsOnlyKeys("connection");
      assertThat(after.retriesByCause().get("connection")).isEqualTo(after.retries()).isEqualTo(server.dropped());
    }
  }

  @Test
  void should_fail_the_same_calls_without_retries() throws Exception {
    try (DroppingServer server = new DroppingServer()) {
      LlmCounters counters = new LlmCounters();
      ChatCalls calls = calls(server, 0, counters);
      int failed = 0;
      for (int i = 0; i < 20; i++) {
        try {
          calls.chat(HI);
        } catch (LlmCallException e) {
          failed++;
          assertThat(e.getMessage()).startsWith("model call to gpt-5-nano failed after 1 attempt(s)");
        }
      }
      assertThat(failed).isPositive().isEqualTo(server.dropped());
      assertThat(ChatCalls.retryCause(new RuntimeException(new java.net.http.HttpTimeoutException("slow"))))
          .as("a timeout is not retried").isNull();
      assertThat(ChatCalls.retryCause(new IllegalStateException("not json"))).isNull();
      assertThat(ChatCalls.retryCause(new RuntimeException(new com.fasterxml.jackson.core.JsonParseException(null,
          "Unexpected character")))).as("a malformed body, which a retry would repeat").isNull();
      assertThat(ChatCalls.retryCause(new RuntimeException(new java.net.ConnectException("refused"))))
          .isEqualTo("connection");
    }
  }

  /** Answers the first request of each connection and keeps it open; closes it, unanswered, at its second. */
  static final class DroppingServer implements AutoCloseable {
    private final ServerSocket socket;
    private final ExecutorService connections = Executors.newCachedThreadPool();
    private final AtomicInteger dropped = new AtomicInteger();

    DroppingServer() throws IOException {
      socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
      connections.execute(() -> {
        while (!socket.isClosed()) {
          try {
            Socket connection = socket.accept();
            connections.execute(() -> serve(connection));
          } catch (IOException closed) {
            return;
          }
        }
      });
    }

    String baseUrl() {
      return "http://127.0.0.1:" + socket.getLocalPort() + "/v1";
    }

    int dropped() {
      return dropped.get();
    }

    private void serve(Socket connection) {
      try (connection; InputStream in = connection.getInputStream(); OutputStream out = connection.getOutputStream()) {
        for (int request = 0; ; request++) {
          if (!readRequest(in)) {
            return; // the client closed it
          }
          if (request > 0) {
            dropped.incrementAndGet();
            return; // closed under the client, unanswered
          }
          byte[] body = ScriptedChatServer.completion("answer", List.of()).getBytes(StandardCharsets.UTF_8);
          out.write(("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + body.length
              + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
          out.write(body);
          out.flush();
        }
      } catch (IOException gone) {
        // the client went away
      }
    }

    /** Reads one request (headers and a Content-Length body); false at the end of the stream. */
    private static boolean readRequest(InputStream in) throws IOException {
      ByteArrayOutputStream head = new ByteArrayOutputStream();
      int matched = 0;
      while (matched < 4) {
        int b = in.read();
        if (b < 0) {
          return false;
        }
        head.write(b);
        matched = (b == "\r\n\r\n".charAt(matched)) ? matched + 1 : (b == '\r' ? 1 : 0);
      }
      int length = 0;
      for (String line : head.toString(StandardCharsets.US_ASCII).split("\r\n")) {
        if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
          length = Integer.parseInt(line.substring(15).strip());
        }
      }
      return in.readNBytes(length).length == length;
    }

    @Override
    public void close() throws IOException {
      socket.close();
      connections.shutdownNow();
    }
  }
}
