package dev.memloop.runtime.a2a;

import com.sun.net.httpserver.HttpExchange;
import dev.memloop.auth.AccessTokens;
import dev.memloop.auth.Principal;
import io.a2a.spec.AgentCard;
import io.a2a.transport.jsonrpc.handler.JSONRPCHandler;
import io.a2a.util.Utils;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * The A2A server's two HTTP exchanges: the agent card (public, as A2A's discovery needs), and a JSON-RPC request,
 * whose caller is checked first (the bearer token, before a byte of the body is read; then the scope its method
 * needs), whose body is read within its deadline, and which is answered by the SDK's handler. Stateless.
 */
final class A2aExchanges {

  private A2aExchanges() {}

  static void serveCard(HttpExchange exchange, AgentCard card) throws IOException {
    try (exchange) {
      if (!"GET".equals(exchange.getRequestMethod())) {
        send(exchange, 405, "{\"error\":\"GET the agent card\"}");
        return;
      }
      send(exchange, 200, Utils.OBJECT_MAPPER.writeValueAsString(card));
    }
  }

  /**
   * One JSON-RPC request, on a reader of its own: the body read within {@code readNanos} (past it the connection is
   * closed, and the blocked read with it), then answered.
   */
  static void serveRpc(HttpExchange exchange, JSONRPCHandler rpc, Door door,
      java.util.concurrent.ScheduledExecutorService deadlines, long readNanos) {
    try (exchange) {
      Principal caller = null;
      if (door.tokens() != null) { // who asks, before a byte of the body is read
        String token = AccessTokens.bearerToken(exchange.getRequestHeaders().getFirst("Authorization"));
        java.util.Optional<Principal> accepted = door.tokens().authenticate(token);
        if (accepted.isEmpty()) {
          exchange.getResponseHeaders().set("WWW-Authenticate", door.tokens().challenge(token == null ? null
              : "invalid_token", null));
          send(exchange, 401, "{\"error\":\"" + (token == null ? "a bearer token is needed (Authorization: Bearer "
              + "TOKEN)" : "the bearer token is not one this server accepts") + "\"}");
          return;
        }
        caller = accepted.get();
      }
      if (!"POST".equals(exchange.getRequestMethod()) || !"/".equals(exchange.getRequestURI().getPath())) {
        send(exchange, 404, "{\"error\":\"A2A JSON-RPC requests are posted to /; the agent card is at "
            + A2aServer.CARD_PATH + "\"}");
        return;
      }
      byte[] body;
      // past the deadline the reader is interrupted: the exchange reads from an interruptible socket channel, which
      // an interrupt closes, and the blocked read ends with it (closing the exchange instead would drain the body)
      Thread reader = Thread.currentThread();
      java.util.concurrent.ScheduledFuture<?> closer = deadlines.schedule(reader::interrupt, readNanos,
          TimeUnit.NANOSECONDS);
      try {
        InputStream in = exchange.getRequestBody();
        body = in.readNBytes(A2aServer.MAX_REQUEST + 1);
      } finally {
        closer.cancel(false);
        Thread.interrupted(); // the pool's thread goes back clear
      }
      if (body.length > A2aServer.MAX_REQUEST) {
        send(exchange, 413, "{\"error\":\"a request is at most " + A2aServer.MAX_REQUEST + " bytes\"}");
        return;
      }
      JsonRpcRequests.Parsed request = JsonRpcRequests.parse(body);
      if (caller != null) {
        String scope = request.scope();
        if (!caller.may(scope)) {
          exchange.getResponseHeaders().set("WWW-Authenticate", door.tokens().challenge("insufficient_scope", scope));
          send(exchange, 403, "{\"error\":\"this request needs the scope " + scope + ", which the token does not "
              + "grant\"}");
          return;
        }
      }
      send(exchange, 200, Utils.OBJECT_MAPPER.writeValueAsString(JsonRpcRequests.answer(request, rpc,
          caller == null ? null : caller.name(), door.owners())));
    } catch (IOException | RuntimeException gone) {
      // a client that did not send its body in time, or went away: its connection is closed, nothing to answer
    }
  }

  /** Who may call (null tokens: anyone), and who sent each task's message (null without authentication). */
  record Door(AccessTokens tokens, java.util.Map<String, String> owners) {}

  private static void send(HttpExchange exchange, int status, String json) throws IOException {
    byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", "application/json");
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

}
