package dev.memloop.runtime.llm.mcp;

import dev.memloop.memory.timing.Units;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.Content;
import io.modelcontextprotocol.spec.McpSchema.ListToolsResult;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One MCP server, connected once for a whole process: its tools as it listed them at start, and calls to them,
 * at most {@code max-concurrent} in flight and each within the server's timeout (the SDK's request timeout; a call
 * waiting for a slot waits at most as long). Every failure (the server refused, died, hung, answered garbage or an
 * error) leaves as a {@link McpToolException} naming the server and the tool; nothing is retried, since a tool call
 * may not be safe to repeat. Thread-safe: agents call it from their reasoners' threads at once.
 */
final class McpToolServer implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(McpToolServer.class);
  private static final McpJsonMapper JSON = McpJsonDefaults.getMapper();
  private static final TypeRef<Map<String, Object>> OBJECT = new TypeRef<>() {};

  private final McpServerSettings settings;
  private final McpSyncClient client;
  private final Semaphore slots;
  private final List<McpSchema.Tool> tools;

  private McpToolServer(McpServerSettings settings, McpSyncClient client, List<McpSchema.Tool> tools) {
    this.settings = settings;
    this.client = client;
    this.slots = new Semaphore(settings.maxConcurrent(), true);
    this.tools = List.copyOf(tools);
  }

  /**
   * Starts (or reaches) the server, shakes hands and lists its tools, all within its timeout.
   *
   * @throws McpToolException naming the server: a command that does not start, a URL that refuses, a server that
   *     answers garbage or nothing in time (the process, if one started, is stopped)
   */
  static McpToolServer connect(McpServerSettings settings) {
    McpSyncClient client = McpClient.sync(transport(settings)).requestTimeout(settings.timeout())
        .initializationTimeout(settings.timeout())
        .clientInfo(new McpSchema.Implementation("memloop", version())).build();
    try {
      client.initialize();
      List<McpSchema.Tool> tools = new ArrayList<>();
      String cursor = null;
      do { // the tool list may come in pages
        ListToolsResult page = cursor == null ? client.listTools() : client.listTools(cursor);
        tools.addAll(page.tools());
        cursor = page.nextCursor();
      } while (cursor != null && !cursor.isEmpty());
      return new McpToolServer(settings, client, tools);
    } catch (RuntimeException failed) {
      client.close(); // stops the process the transport started, if any
      throw new McpToolException("MCP server '" + settings.name() + "' (" + settings.shown() + ") did not start: "
          + reason(failed), failed);
    }
  }

  private static McpClientTransport transport(McpServerSettings settings) {
    if (settings.stdio()) {
      List<String> command = settings.command();
      StdioClientTransport stdio = new StdioClientTransport(ServerParameters.builder(command.get(0))
          .args(command.subList(1, command.size())).build(), JSON);
      // the server's standard error is its log: ours at debug, never mixed into a command's output
      stdio.setStdErrorHandler(line -> log.debug("MCP server '{}': {}", settings.name(), line));
      return stdio;
    }
    URI uri = URI.create(settings.url());
    String base = uri.getScheme() + "://" + uri.getRawAuthority();
    String endpoint = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/mcp" : uri.getRawPath();
    return HttpClientStreamableHttpTransport.builder(base).endpoint(endpoint).connectTimeout(settings.timeout())
        .jsonMapper(JSON).build();
  }

  McpServerSettings settings() {
    return settings;
  }

  List<McpSchema.Tool> tools() {
    return tools;
  }

  /**
   * Calls {@code tool} with the model's {@code arguments} (a JSON object) and returns what it answered, as text.
   *
   * @throws McpToolException naming the server and the tool: arguments that are not a JSON object, no slot within
   *     the timeout, a call that failed or timed out, a tool that answered an error
   */
  String call(String tool, String arguments) {
    Map<String, Object> parsed = arguments(tool, arguments);
    String where = "MCP server '" + settings.name() + "', tool '" + tool + "'";
    boolean slot;
    try {
      slot = slots.tryAcquire(settings.timeout().toNanos(), TimeUnit.NANOSECONDS);
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
      throw new McpToolException(where + ": interrupted while waiting for a call slot", interrupted);
    }
    if (!slot) {
      throw new McpToolException(where + ": no call slot within " + Units.config(settings.timeout()) + " ("
          + settings.maxConcurrent() + " calls in flight, max-concurrent)", null);
    }
    CallToolResult result;
    try {
      result = client.callTool(new CallToolRequest(tool, parsed));
    } catch (RuntimeException failed) {
      throw new McpToolException(where + ": " + reason(failed), failed);
    } finally {
      slots.release();
    }
    String text = text(result);
    if (Boolean.TRUE.equals(result.isError())) {
      throw new McpToolException(where + " answered an error: " + text, null);
    }
    return text;
  }

  private Map<String, Object> arguments(String tool, String arguments) {
    if (arguments == null || arguments.isBlank()) {
      return Map.of();
    }
    try {
      Map<String, Object> parsed = JSON.readValue(arguments, OBJECT);
      return parsed == null ? Map.of() : parsed;
    } catch (Exception notAnObject) {
      throw new McpToolException("MCP server '" + settings.name() + "', tool '" + tool + "': the arguments are not "
          + "a JSON object", null);
    }
  }

  /** The answer's text parts, one per line; other parts named by their type; the structured content otherwise. */
  static String text(CallToolResult result) {
    StringBuilder out = new StringBuilder();
    for (Content content : result.content() == null ? List.<Content>of() : result.content()) {
      out.append(out.length() == 0 ? "" : "\n");
      out.append(content instanceof TextContent text ? text.text() : "[" + content.type() + " content]");
    }
    if (out.length() == 0 && result.structuredContent() != null) {
      try {
        out.append(JSON.writeValueAsString(result.structuredContent()));
      } catch (Exception unwritable) {
        out.append(result.structuredContent());
      }
    }
    return out.length() == 0 ? "done" : out.toString();
  }

  /** The failure said in one line: its cause's message (a timeout, a refused connection), without a stack. */
  private static String reason(Throwable failed) {
    Throwable root = failed;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String message = root.getMessage() == null ? root.getClass().getSimpleName()
        : root.getClass().getSimpleName() + ": " + root.getMessage();
    return message.replaceAll("\\s+", " ");
  }

  private static String version() {
    String version = McpToolServer.class.getPackage().getImplementationVersion();
    return version == null ? "dev" : version;
  }

  @Override
  public void close() {
    try {
      if (!client.closeGracefully()) {
        client.close();
      }
    } catch (RuntimeException closing) {
      log.debug("MCP server '{}' did not close cleanly", settings.name(), closing);
      client.close();
    }
  }
}
