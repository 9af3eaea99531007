package dev.memloop.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.memloop.auth.Principal;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What stands before the SDK's streamable HTTP servlet at {@code /mcp}: a POST's body is read (at most
 * {@link #MAX_BODY} bytes, else 413) and checked as JSON-RPC ({@link JsonRpcLines}) before the SDK sees it; every error
 * the servlet answers with goes out as a JSON-RPC error object, never the SDK's serialized exception with its stack
 * trace; an exception the servlet throws is an internal error, named, not a container's page; and sessions are
 * bounded: past {@code maxSessions} live ones an {@code initialize} is refused (503), while the SDK's sweeper closes
 * the sessions that went quiet; a tool call the caller's token has no scope for is 403 {@code insufficient_scope}
 * (RFC 6750), before the tool runs. Thread-safe.
 *
 * <p>Over 300 lines for one reason: the servlet API's request and response wrappers that read a body once and rewrite
 * an error body are nested here, where the one filter that needs them uses them.
 */
final class JsonRpcHttpFilter extends HttpFilter {

  /** The largest body a POST may have. */
  static final int MAX_BODY = 4 << 20;
  static final String SESSION_HEADER = "Mcp-Session-Id";

  private static final ObjectMapper JSON = new ObjectMapper();

  private final transient HttpAccess access;
  private final int maxSessions;
  private final long sessionIdleNanos;
  private final java.util.function.LongSupplier nanoTime;
  /** Sessions this server handed out, by id, with when each was last used. */
  private final Map<String, Long> sessions = new ConcurrentHashMap<>();

  /**
   * @param sessionIdleNanos how long a session may go unused before it is counted gone (the SDK's sweeper closes it
   *     by then)
   * @param nanoTime the clock sessions' idleness is read on ({@code System::nanoTime}; tests pass their own)
   */
  JsonRpcHttpFilter(HttpAccess access, int maxSessions, long sessionIdleNanos,
      java.util.function.LongSupplier nanoTime) {
    this.access = access;
    this.maxSessions = maxSessions;
    this.sessionIdleNanos = sessionIdleNanos;
    this.nanoTime = nanoTime;
  }

  @Override
  protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    HttpServletRequest passed = request;
    String session = request.getHeader(SESSION_HEADER);
    if (session != null) {
      sessions.computeIfPresent(session, (id, seen) -> nanoTime.getAsLong());
      if ("DELETE".equals(request.getMethod())) {
        sessions.remove(session);
      }
    }
    if ("POST".equals(request.getMethod())) {
      byte[] body = body(request);
      if (body == null) {
        error(response, 413, null, JsonRpcLines.INVALID_REQUEST, "Invalid Request: a body of more than " + MAX_BODY
            + " bytes");
        return;
      }
      JsonRpcLines.Read read = JsonRpcLines.read(new String(body, StandardCharsets.UTF_8));
      if (read.refused()) {
        write(response, 400, read.refusal());
        return;
      }
      String missing = missingScope(request, read.node());
      if (missing != null) { // RFC 6750's answer, so that a client can ask its issuer for the scope and try again
        HttpAccessFilter.refuse(response, 403, access.challenge("insufficient_scope", missing), "this call needs the "
            + "scope " + missing + ", which the token does not grant");
        return;
      }
      if (session == null && read.node().path("method").asText().equals("initialize") && live() >= maxSessions) {
        error(response, 503, read.requestId(), JsonRpcLines.INVALID_REQUEST, "the server holds " + maxSessions
            + " sessions, its most: try again once one closes");
        return;
      }
      passed = new CachedBody(request, body);
    }
    ErrorBodies wrapped = new ErrorBodies(response);
    try {
      chain.doFilter(passed, wrapped);
    } catch (IOException | ServletException | RuntimeException failed) {
      if (!response.isCommitted()) {
        response.reset();
        error(response, 500, null, -32603, "Internal error: " + failed.getClass().getSimpleName());
        return;
      }
      throw failed;
    }
    wrapped.finish();
    String issued = response.getHeader(SESSION_HEADER);
    if (issued != null && session == null) {
      sessions.put(issued, nanoTime.getAsLong());
    }
  }

  /** Live sessions: those used within the idle time (older ones the SDK's sweeper has closed or will). */
  private int live() {
    long now = nanoTime.getAsLong();
    for (Iterator<Map.Entry<String, Long>> it = sessions.entrySet().iterator(); it.hasNext();) {
      if (now - it.next().getValue() > sessionIdleNanos) {
        it.remove();
      }
    }
    return sessions.size();
  }

  /**
   * The scope a tool call needs that the authenticated principal's token lacks, or null (no authentication, not a tool
   * call, or the scope granted). The tools check it again; here it is the HTTP answer.
   */
  private static String missingScope(HttpServletRequest request, JsonNode message) {
    if (!(request.getAttribute(HttpAccessFilter.PRINCIPAL) instanceof Principal principal)
        || !message.path("method").asText().equals("tools/call")) {
      return null;
    }
    String scope = ToolCalls.scope(message.path("params").path("name").asText());
    return principal.may(scope) ? null : scope;
  }

  /** The body, or null when it is larger than {@link #MAX_BODY}. */
  private static byte[] body(HttpServletRequest request) throws IOException {
    if (request.getContentLengthLong() > MAX_BODY) {
      return null;
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] chunk = new byte[8192];
    try (ServletInputStream in = request.getInputStream()) {
      for (int n; (n = in.read(chunk)) > 0;) {
        if (out.size() + n > MAX_BODY) {
          return null;
        }
        out.write(chunk, 0, n);
      }
    }
    return out.toByteArray();
  }

  static void error(HttpServletResponse response, int status, Object id, int code, String message) throws IOException {
    ObjectNode error = JSON.createObjectNode().put("jsonrpc", "2.0");
    if (id instanceof String s) {
      error.put("id", s);
    } else if (id instanceof Number n) {
      error.put("id", n.longValue());
    } else {
      error.putNull("id");
    }
    error.putObject("error").put("code", code).put("message", message);
    write(response, status, error.toString());
  }

  private static void write(HttpServletResponse response, int status, String body) throws IOException {
    response.setStatus(status);
    response.setContentType("application/json");
    response.setCharacterEncoding("UTF-8");
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    response.setContentLength(bytes.length);
    response.getOutputStream().write(bytes);
  }

  /** A request whose body was read already, handed on as it was. */
  private static final class CachedBody extends HttpServletRequestWrapper {
    private final byte[] body;

    CachedBody(HttpServletRequest request, byte[] body) {
      super(request);
      this.body = body;
    }

    @Override
    public ServletInputStream getInputStream() {
      ByteArrayInputStream bytes = new ByteArrayInputStream(body);
      return new ServletInputStream() {
        @Override
        public boolean isFinished() {
          return bytes.available() == 0;
        }

        @Override
        public boolean isReady() {
          return true;
        }

        @Override
        public void setReadListener(ReadListener listener) {
          throw new UnsupportedOperationException("the body was read already: read it blocking");
        }

        @Override
        public int read() {
          return bytes.read();
        }

        @Override
        public int read(byte[] b, int off, int len) {
          return bytes.read(b, off, len);
        }
      };
    }

    @Override
    public java.io.BufferedReader getReader() {
      return new java.io.BufferedReader(new java.io.InputStreamReader(getInputStream(), StandardCharsets.UTF_8));
    }

    @Override
    public int getContentLength() {
      return body.length;
    }

    @Override
    public long getContentLengthLong() {
      return body.length;
    }
  }

  /**
   * The servlet's response, with an error's body held back: once the status is 400 or more, what the servlet writes is
   * kept and, when it is done, sent as a JSON-RPC error object (the SDK's own code and message, never its trace).
   */
  private static final class ErrorBodies extends HttpServletResponseWrapper {
    private final HttpServletResponse response;
    private ByteArrayOutputStream held;

    ErrorBodies(HttpServletResponse response) {
      super(response);
      this.response = response;
    }

    private boolean failing() {
      return response.getStatus() >= 400;
    }

    @Override
    public void sendError(int status, String message) throws IOException {
      setStatus(status);
      held = new ByteArrayOutputStream();
      held.write(("{\"message\":" + JSON.writeValueAsString(message == null ? "" : message) + "}")
          .getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public void sendError(int status) throws IOException {
      sendError(status, null);
    }

    @Override
    public ServletOutputStream getOutputStream() throws IOException {
      if (!failing()) {
        return super.getOutputStream();
      }
      if (held == null) {
        held = new ByteArrayOutputStream();
      }
      ByteArrayOutputStream into = held;
      return new ServletOutputStream() {
        @Override
        public boolean isReady() {
          return true;
        }

        @Override
        public void setWriteListener(WriteListener listener) {
          throw new UnsupportedOperationException("an error body is written blocking");
        }

        @Override
        public void write(int b) {
          into.write(b);
        }
      };
    }

    @Override
    public PrintWriter getWriter() throws IOException {
      if (!failing()) {
        return super.getWriter();
      }
      return new PrintWriter(new java.io.OutputStreamWriter(getOutputStream(), StandardCharsets.UTF_8), true);
    }

    @Override
    public void setContentLength(int length) {
      if (!failing()) {
        super.setContentLength(length);
      }
    }

    @Override
    public void setContentLengthLong(long length) {
      if (!failing()) {
        super.setContentLengthLong(length);
      }
    }

    /** Sends a held error body as a JSON-RPC error object. */
    void finish() throws IOException {
      if (held == null || response.isCommitted()) {
        return;
      }
      int code = JsonRpcLines.INVALID_REQUEST;
      String message = "HTTP " + response.getStatus();
      try {
        JsonNode body = JSON.readTree(held.toByteArray());
        JsonNode sdk = body.has("jsonRpcError") ? body.get("jsonRpcError") : body.path("error");
        if (sdk.has("code")) {
          code = sdk.get("code").asInt();
        }
        if (sdk.hasNonNull("message") && !sdk.get("message").asText().isBlank()) {
          message = sdk.get("message").asText();
        } else if (body.hasNonNull("message") && !body.get("message").asText().isBlank()) {
          message = body.get("message").asText();
        }
      } catch (IOException notJson) {
        String text = held.toString(StandardCharsets.UTF_8).strip();
        if (!text.isEmpty() && text.length() < 300 && !text.contains("\tat ")) {
          message = text;
        }
      }
      JsonRpcHttpFilter.error(response, response.getStatus(), null, code, message);
    }
  }
}
