package dev.memloop.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Assumptions;

/**
 * Headless Chromium driven over the DevTools protocol (a WebSocket, JSON commands): open a page, evaluate an
 * expression in it, capture a screenshot. Found or installed by scripts/chromium (Debian's package); under CI=true a
 * Chromium that cannot be had fails the test, elsewhere the test is skipped and says why. The process and its
 * children are killed on close, by pid.
 */
final class HeadlessChromium implements AutoCloseable {

  static final Duration CALL = Duration.ofSeconds(30);
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  private final Process process;
  private final int port;
  private final Path profile;

  private HeadlessChromium(Process process, int port, Path profile) {
    this.process = process;
    this.port = port;
    this.profile = profile;
  }

  static HeadlessChromium start() throws Exception {
    String binary = find();
    int port;
    try (ServerSocket free = new ServerSocket(0)) {
      port = free.getLocalPort();
    }
    Path profile = Files.createTempDirectory("memloop-chromium-");
    Process process = new ProcessBuilder(binary, "--headless=new", "--no-sandbox", "--disable-gpu",
        "--disable-dev-shm-usage", "--no-first-run", "--remote-debugging-address=127.0.0.1",
        "--remote-debugging-port=" + port, "--user-data-dir=" + profile, "--window-size=1280,900", "about:blank")
        .redirectErrorStream(true).redirectOutput(profile.resolve("chromium.log").toFile()).start();
    HeadlessChromium chromium = new HeadlessChromium(process, port, profile);
    try {
      org.awaitility.Awaitility.await("chromium's DevTools port " + port).atMost(CALL)
          .pollInterval(Duration.ofMillis(100)).ignoreExceptionsInstanceOf(IOException.class)
          .failFast("chromium exited", () -> !process.isAlive())
          .until(() -> chromium.http("GET", "/json/version") != null);
      return chromium;
    } catch (RuntimeException | Error notOpen) {
      String log = Files.readString(profile.resolve("chromium.log"));
      chromium.close();
      throw new IOException("chromium did not open its DevTools port " + port + ": " + log, notOpen);
    }
  }

  /** The browser's path from scripts/chromium, installing it when missing. */
  private static String find() throws Exception {
    Path script = null; // the project's scripts/, above this module's directory however deep it is nested
    for (Path dir = Path.of("").toAbsolutePath(); dir != null && script == null; dir = dir.getParent()) {
      script = Files.isExecutable(dir.resolve("scripts/chromium")) ? dir.resolve("scripts/chromium") : null;
    }
    if (script == null) {
      throw new IOException("scripts/chromium not found above " + Path.of("").toAbsolutePath());
    }
    Process find = new ProcessBuilder(script.toString()).redirectErrorStream(false).start();
    boolean done = find.waitFor(10, TimeUnit.MINUTES);
    String out = new String(find.getInputStream().readAllBytes()).trim();
    String err = new String(find.getErrorStream().readAllBytes()).trim();
    if (!done || find.exitValue() != 0 || out.isEmpty()) {
      find.destroyForcibly();
      String why = "headless Chromium is not available here (scripts/chromium): " + err;
      if ("true".equals(System.getenv("CI"))) {
        throw new IOException(why);
      }
      Assumptions.abort(why);
    }
    return out.lines().reduce((a, b) -> b).orElseThrow();
  }

  /** A new tab on {@code url}. */
  Page open(String url) throws Exception {
    JsonNode target = JSON.readTree(http("PUT", "/json/new?" + url));
    return new Page(target.get("webSocketDebuggerUrl").asText());
  }

  private String http(String method, String path) throws IOException, InterruptedException {
    HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
        .method(method, HttpRequest.BodyPublishers.noBody()).timeout(CALL).build(), HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() != 200) {
      throw new IOException(method + " " + path + ": " + response.statusCode() + " " + response.body());
    }
    return response.body();
  }

  /** One tab: DevTools commands over its WebSocket, each answered (by id) within {@link #CALL}. */
  static final class Page implements WebSocket.Listener, AutoCloseable {
    private final WebSocket socket;
    private final Map<Integer, CompletableFuture<JsonNode>> waiting = new ConcurrentHashMap<>();
    private final AtomicInteger ids = new AtomicInteger();
    private final StringBuilder partial = new StringBuilder();

    private Page(String url) throws Exception {
      socket = HTTP.newWebSocketBuilder().connectTimeout(CALL).buildAsync(URI.create(url), this)
          .get(CALL.toSeconds(), TimeUnit.SECONDS);
    }

    /** The value of {@code expression} in the page, as a string (null when undefined). */
    String evaluate(String expression) throws Exception {
      JsonNode result = call("Runtime.evaluate", Map.of("expression", expression, "returnByValue", true));
      JsonNode value = result.path("result").path("value");
      return value.isMissingNode() || value.isNull() ? null : value.asText();
    }

    void screenshot(Path png) throws Exception {
      JsonNode result = call("Page.captureScreenshot", Map.of("format", "png"));
      Files.write(png, Base64.getDecoder().decode(result.get("data").asText()));
    }

    private JsonNode call(String method, Map<String, Object> params) throws Exception {
      int id = ids.incrementAndGet();
      CompletableFuture<JsonNode> answer = new CompletableFuture<>();
      waiting.put(id, answer);
      socket.sendText(JSON.writeValueAsString(Map.of("id", id, "method", method, "params", params)), true)
          .get(CALL.toSeconds(), TimeUnit.SECONDS);
      JsonNode reply = answer.get(CALL.toSeconds(), TimeUnit.SECONDS);
      if (reply.has("error")) {
        throw new IOException(method + ": " + reply.get("error"));
      }
      return reply.get("result");
    }

    @Override
    public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
      partial.append(data);
      if (last) {
        try {
          JsonNode message = JSON.readTree(partial.toString());
          CompletableFuture<JsonNode> answer = message.has("id") ? waiting.remove(message.get("id").asInt()) : null;
          if (answer != null) {
            answer.complete(message);
          }
        } catch (IOException e) {
          waiting.values().forEach(w -> w.completeExceptionally(e));
        }
        partial.setLength(0);
      }
      webSocket.request(1);
      return null;
    }

    @Override
    public void close() {
      socket.abort();
    }
  }

  @Override
  public void close() {
    process.descendants().forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly();
    try {
      process.waitFor(10, TimeUnit.SECONDS);
      try (var paths = Files.walk(profile)) {
        paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (IOException e) {
      // a profile left in the temporary directory: harmless
    }
  }
}
