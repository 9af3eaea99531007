package dev.memloop.mcp;

import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.TypeRef;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * The stdio transport's two streams, made safe for a client that sends a line that is not JSON: the SDK's stdio
 * transport (2.1.0) stops reading at such a line, so the server would hang for every later request. Here each line
 * is checked before the transport sees it; one that is not a JSON object is answered at once with JSON-RPC's parse
 * error ({@code -32700}, id null) and dropped, and the server keeps serving. Both the transport's messages and these
 * errors are written whole lines at a time, so that they never interleave.
 */
final class StdioLines {

  private static final TypeRef<Map<String, Object>> OBJECT = new TypeRef<>() {};

  private final Output out;

  StdioLines(OutputStream out) {
    this.out = new Output(out);
  }

  /** What the transport writes to: whole lines reach the client, one at a time. */
  OutputStream output() {
    return out;
  }

  /** What the transport reads from: the client's lines that are JSON objects; the others answered and dropped. */
  InputStream input(InputStream in) {
    BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    return new InputStream() {
      private byte[] line = new byte[0];
      private int at;

      @Override
      public int read() throws IOException {
        if (!fill()) {
          return -1;
        }
        return line[at++] & 0xff;
      }

      @Override
      public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
          return 0;
        }
        if (!fill()) {
          return -1;
        }
        int n = Math.min(len, line.length - at);
        System.arraycopy(line, at, b, off, n);
        at += n;
        return n;
      }

      /** The next line the transport may read; false at the end of input. */
      private boolean fill() throws IOException {
        while (at >= line.length) {
          String next = lines.readLine();
          if (next == null) {
            return false;
          }
          if (next.isBlank()) {
            continue;
          }
          String refusal = refusal(next);
          if (refusal != null) {
            out.line(refusal);
            continue;
          }
          line = (next + "\n").getBytes(StandardCharsets.UTF_8);
          at = 0;
        }
        return true;
      }
    };
  }

  /** The parse error for {@code line}, or null when it is a JSON object the transport can read. */
  static String refusal(String line) {
    try {
      if (McpJsonDefaults.getMapper().readValue(line, OBJECT) != null) {
        return null;
      }
    } catch (IOException | RuntimeException notJson) {
      // answered below
    }
    return "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,\"message\":\"Parse error: a message is one "
        + "JSON object on one line\"}}";
  }

  /** Whole lines to the client, one writer at a time. */
  private static final class Output extends OutputStream {
    private final OutputStream out;
    private final java.io.ByteArrayOutputStream pending = new java.io.ByteArrayOutputStream();

    Output(OutputStream out) {
      this.out = out;
    }

    @Override
    public synchronized void write(int b) throws IOException {
      pending.write(b);
      if (b == '\n') {
        pending.writeTo(out);
        pending.reset();
        out.flush();
      }
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) throws IOException {
      int start = off;
      for (int i = off; i < off + len; i++) {
        if (b[i] == '\n') {
          pending.write(b, start, i + 1 - start);
          pending.writeTo(out);
          pending.reset();
          out.flush();
          start = i + 1;
        }
      }
      pending.write(b, start, off + len - start);
    }

    @Override
    public synchronized void flush() {
      // a partial line waits for its end: flushing it would let another line in
    }

    synchronized void line(String text) throws IOException {
      out.write((text + "\n").getBytes(StandardCharsets.UTF_8));
      out.flush();
    }

    @Override
    public synchronized void close() throws IOException {
      if (pending.size() > 0) {
        pending.writeTo(out);
        pending.reset();
      }
      out.close();
    }
  }
}
