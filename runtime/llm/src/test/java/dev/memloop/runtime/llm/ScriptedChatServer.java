package dev.memloop.runtime.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;

/**
 * An OpenAI-compatible server on 127.0.0.1 for tests: {@code /v1/chat/completions} answers from a script (text,
 * tool calls, error statuses, slow replies) and records every request it received. The real langchain4j client
 * talks to it over HTTP. An exhausted script answers 500 with a message saying so.
 */
public final class ScriptedChatServer implements AutoCloseable {

  static final ObjectMapper JSON = new ObjectMapper();

  /** One scripted answer. */
  public record Answer(int status, String body, Duration delay, Duration bodyStall, Map<String, String> headers,
      boolean cutMidBody) {
    public Answer(int status, String body, Duration delay) {
      this(status, body, delay, Duration.ZERO);
    }

    public Answer(int status, String body, Duration delay, Duration bodyStall) {
      this(status, body, delay, bodyStall, Map.of(), false);
    }
  }

  /** A tool call the scripted model makes: the function name and its arguments as JSON text. */
  public record ToolCall(String name, String arguments) {}

  private final HttpServer server;
  private final ConcurrentLinkedQueue<Answer> script = new ConcurrentLinkedQueue<>();
  private final List<JsonNode> requests = new CopyOnWriteArrayList<>();
  private final List<String> authorizations = new CopyOnWriteArrayList<>();
  private volatile Answer otherwise;
  private volatile Answer[] toolFirst; // {the tool call, the answer after its result}
  private final java.util.concurrent.atomic.AtomicInteger inFlight = new java.util.concurrent.atomic.AtomicInteger();
  /** Released by {@link #close}: a stalled body ends with the server, not after its whole stall. */
  private final java.util.concurrent.CountDownLatch closing = new java.util.concurrent.CountDownLatch(1);
  private final java.util.concurrent.atomic.AtomicInteger maxInFlight = new java.util.concurrent.atomic.AtomicInteger();

  public ScriptedChatServer() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.setExecutor(Executors.newCachedThreadPool());
    server.createContext("/v1/chat/completions", exchange -> {
      maxInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
      boolean[] counted = {true};
      try {
        answer(exchange, () -> { // out of flight once the answer starts: the client may be done before we return
          inFlight.decrementAndGet();
          counted[0] = false;
        });
      } finally {
        if (counted[0]) {
          inFlight.decrementAndGet();
        }
      }
    });
    server.start();
  }

  private void answer(com.sun.net.httpserver.HttpExchange exchange, Runnable answering) throws IOException {
    {
      JsonNode request = JSON.readTree(exchange.getRequestBody());
      requests.add(request);
      authorizations.add(String.valueOf(exchange.getRequestHeaders().getFirst("Authorization")));
      Answer answer = script.poll();
      Answer[] pair = toolFirst;
      if (answer == null && pair != null) {
        JsonNode messages = request.path("messages");
        boolean afterTool = messages.size() > 0 && "tool".equals(messages.get(messages.size() - 1).path("role").asText());
        answer = afterTool ? pair[1] : pair[0];
      }
      if (answer == null) {
        answer = otherwise != null ? otherwise : new Answer(500, error("the test's script is exhausted"), Duration.ZERO);
      }
      if (!answer.delay().isZero()) {
        try {
          Thread.sleep(answer.delay().toMillis()); // a slow server, on the server's own thread
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      byte[] bytes = answer.body().getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().add("Content-Type", "application/json");
      answer.headers().forEach(exchange.getResponseHeaders()::add);
      answering.run();
      try {
        exchange.sendResponseHeaders(answer.status(), bytes.length);
        if (answer.cutMidBody()) { // half the promised body, then the connection closes under the client
          exchange.getResponseBody().write(bytes, 0, bytes.length / 2);
          exchange.getResponseBody().flush();
        } else if (answer.bodyStall().isZero()) {
          exchange.getResponseBody().write(bytes);
        } else { // the headers and half the body, then nothing until the stall ends or the server closes
          exchange.getResponseBody().write(bytes, 0, bytes.length / 2);
          exchange.getResponseBody().flush();
          try {
            closing.await(answer.bodyStall().toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          exchange.getResponseBody().write(bytes, bytes.length / 2, bytes.length - bytes.length / 2);
        }
      } catch (IOException clientGone) {
        // the client timed out and closed the connection: nothing to answer
      } finally {
        exchange.close();
      }
    }
  }

  /** Calls to this server as {@code model}: 10 s a call, no retries, no key. */
  public ChatCalls calls(String model, LlmCounters counters) {
    return new ChatCalls(new LlmSettings(baseUrl(), model, java.util.OptionalDouble.empty(), Duration.ofSeconds(10), 0,
        Duration.ZERO, ""), counters);
  }

  public String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
  }

  public ScriptedChatServer text(String content) {
    script.add(new Answer(200, completion(content, List.of()), Duration.ZERO));
    return this;
  }

  /** As {@link #otherwise(String)}, each answer {@code delay} after its request (so that requests overlap). */
  public ScriptedChatServer otherwise(String content, Duration delay) {
    otherwise = new Answer(200, completion(content, List.of()), delay);
    return this;
  }

  /**
   * What every request after the script answers, as a model that uses a tool first: {@code call} when the request's
   * last message is not a tool's result, else {@code content}.
   */
  public ScriptedChatServer toolFirst(ToolCall call, String content) {
    toolFirst = new Answer[] {new Answer(200, completion(null, List.of(call)), Duration.ZERO),
        new Answer(200, completion(content, List.of()), Duration.ZERO)};
    return this;
  }

  /** The most requests that were being answered at one moment. */
  public int maxConcurrentRequests() {
    return maxInFlight.get();
  }

  /** What every request after the script answers: this status and error, as a server that has started failing. */
  public ScriptedChatServer otherwiseStatus(int status, String message) {
    otherwise = new Answer(status, error(message), Duration.ZERO);
    return this;
  }

  /** What every request after the script answers, instead of a 500. */
  public ScriptedChatServer otherwise(String content) {
    otherwise = new Answer(200, completion(content, List.of()), Duration.ZERO);
    return this;
  }

  public ScriptedChatServer toolCalls(ToolCall... calls) {
    script.add(new Answer(200, completion(null, List.of(calls)), Duration.ZERO));
    return this;
  }

  public ScriptedChatServer status(int status, String message) {
    script.add(new Answer(status, error(message), Duration.ZERO));
    return this;
  }

  /** Answers the headers and half the body at once, the rest {@code stall} later. */
  public ScriptedChatServer stalledBody(Duration stall, String content) {
    script.add(new Answer(200, completion(content, List.of()), Duration.ZERO, stall));
    return this;
  }

  /** A 429 whose {@code header} (Retry-After, retry-after-ms) asks for {@code value}. */
  public ScriptedChatServer rateLimited(String header, String value) {
    script.add(new Answer(429, error("rate limited"), Duration.ZERO, Duration.ZERO, Map.of(header, value), false));
    return this;
  }

  /** Headers promising a whole answer, half of it, then the connection closed: a reset mid-body. */
  public ScriptedChatServer cutMidBody(String content) {
    script.add(new Answer(200, completion(content, List.of()), Duration.ZERO, Duration.ZERO, Map.of(), true));
    return this;
  }

  /** A 200 whose body is not JSON. */
  public ScriptedChatServer malformed(String body) {
    script.add(new Answer(200, body, Duration.ZERO));
    return this;
  }

  /** What every request after the script answers: a 200 whose body is not JSON, as a broken proxy. */
  public ScriptedChatServer otherwiseMalformed(String body) {
    otherwise = new Answer(200, body, Duration.ZERO);
    return this;
  }

  public ScriptedChatServer slow(Duration delay, String content) {
    script.add(new Answer(200, completion(content, List.of()), delay));
    return this;
  }

  /** The results of the tool calls the model was sent in request {@code index}, in order. */
  public List<String> toolResults(int index) {
    List<String> out = new java.util.ArrayList<>();
    for (JsonNode message : requests().get(index).path("messages")) {
      if ("tool".equals(message.path("role").asText())) {
        out.add(message.path("content").asText());
      }
    }
    return out;
  }

  public List<JsonNode> requests() {
    return List.copyOf(requests);
  }

  public List<String> authorizations() {
    return List.copyOf(authorizations);
  }

  public int pending() {
    return script.size();
  }

  @Override
  public void close() {
    closing.countDown();
    server.stop(0);
  }

  static String completion(String content, List<ToolCall> calls) {
    ObjectNode message = JSON.createObjectNode().put("role", "assistant");
    if (content == null) {
      message.putNull("content");
    } else {
      message.put("content", content);
    }
    if (!calls.isEmpty()) {
      ArrayNode toolCalls = message.putArray("tool_calls");
      for (int i = 0; i < calls.size(); i++) {
        ObjectNode call = toolCalls.addObject().put("id", "call_" + i).put("type", "function");
        call.putObject("function").put("name", calls.get(i).name()).put("arguments", calls.get(i).arguments());
      }
    }
    ObjectNode body = JSON.createObjectNode().put("id", "chatcmpl-test").put("object", "chat.completion")
        .put("created", 0).put("model", "scripted");
    body.putArray("choices").addObject().put("index", 0).put("finish_reason", calls.isEmpty() ? "stop" : "tool_calls")
        .set("message", message);
    body.set("usage", JSON.valueToTree(Map.of("prompt_tokens", 40, "completion_tokens", 8, "total_tokens", 48)));
    return body.toString();
  }

  static String error(String message) {
    return JSON.createObjectNode().set("error", JSON.createObjectNode().put("message", message)
        .put("type", "server_error")).toString();
  }
}
