package dev.memloop.runtime.llm;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An OpenAI-compatible server on 127.0.0.1 that keeps each connection alive after its first answer and closes it,
 * unanswered, when the second request arrives on it: what a server with a short keep-alive does to a client that
 * reuses connections. Every answer is the same text.
 */
public final class DroppingChatServer implements AutoCloseable {

  private final ServerSocket socket;
  private final ExecutorService connections = Executors.newCachedThreadPool();
  private final AtomicInteger dropped = new AtomicInteger();
  private final String content;

  /** A server whose every answer is {@code content}, on 127.0.0.1. */
  public DroppingChatServer(String content) throws IOException {
    this.content = content;
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

  public String baseUrl() {
    return "http://127.0.0.1:" + socket.getLocalPort() + "/v1";
  }

  /** Requests closed unanswered. */
  public int dropped() {
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
        byte[] body = ScriptedChatServer.completion(content, List.of()).getBytes(StandardCharsets.UTF_8);
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
