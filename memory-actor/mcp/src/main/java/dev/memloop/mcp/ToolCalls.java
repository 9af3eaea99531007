package dev.memloop.mcp;

import dev.memloop.auth.Principal;
import dev.memloop.memory.tools.MemoryToolSpec;
import dev.memloop.memory.tools.ToolArguments;
import dev.memloop.memory.tools.ToolParameter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.Tool;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * How a served memory's tools are made and run: each a JSON schema and a body; an argument the body cannot use, or a
 * refusal of the memory, is a tool error naming it ({@code isError}), never a dropped connection; and every call is
 * timed into {@value #CALLS} by memory, tool and outcome ({@code ok} or {@code error}), when a registry is given.
 */
final class ToolCalls {

  /** The timer of every tool call (Prometheus: {@code memloop_mcp_calls_seconds}). */
  static final String CALLS = "memloop.mcp.calls";

  /** A tool's body: from its arguments to its answer, or a bad argument. */
  @FunctionalInterface
  interface Body {
    CallToolResult call(ToolArguments arguments, McpSyncServerExchange exchange) throws ToolArguments.BadArgument;
  }

  private final MeterRegistry registry; // null: calls are not timed
  private final String memory;

  ToolCalls(MeterRegistry registry, String memory) {
    this.registry = registry;
    this.memory = memory;
  }

  /** {@code spec} as an MCP tool: its JSON schema from memory-actor's definition, its calls run by {@code body}. */
  SyncToolSpecification tool(MemoryToolSpec spec, Body body) {
    String name = spec.name();
    Map<String, Object> properties = new LinkedHashMap<>();
    for (ToolParameter p : spec.parameters()) {
      properties.put(p.name(), p.type() == ToolParameter.Type.STRING_ARRAY
          ? Map.of("type", "array", "items", Map.of("type", "string"), "description", p.description())
          : Map.of("type", p.type().json(), "description", p.description()));
    }
    Map<String, Object> schema = new LinkedHashMap<>();
    schema.put("type", "object");
    schema.put("properties", properties);
    schema.put("required", spec.required());
    Tool tool = Tool.builder().name(name).description(spec.description()).inputSchema(schema).build();
    Timer ok = timer(name, "ok");
    Timer failed = timer(name, "error");
    return new SyncToolSpecification(tool, (exchange, request) -> {
      long start = System.nanoTime();
      CallToolResult result = call(spec, body, exchange, request);
      Timer outcome = Boolean.TRUE.equals(result.isError()) ? failed : ok;
      if (outcome != null) {
        outcome.record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
      }
      return result;
    });
  }

  private Timer timer(String tool, String outcome) {
    return registry == null ? null : Timer.builder(CALLS).tag("memory", memory).tag("tool", tool)
        .tag("outcome", outcome).description("MCP tool calls to a served memory, and their latency")
        .publishPercentileHistogram().register(registry);
  }

  private static CallToolResult call(MemoryToolSpec spec, Body body, McpSyncServerExchange exchange,
      CallToolRequest request) {
    String name = spec.name();
    Principal principal = principal(exchange);
    if (principal != null && !principal.may(scope(name))) {
      return error(name + " needs the scope " + scope(name) + "; the token of " + principal.name() + " has "
          + String.join(", ", new java.util.TreeSet<>(principal.scopes())));
    }
    try {
      ToolArguments arguments = new ToolArguments(name, request.arguments());
      arguments.onlyFrom(spec); // a misspelt or unoffered argument is named, never dropped
      return body.call(arguments, exchange);
    } catch (ToolArguments.BadArgument bad) {
      return error(bad.getMessage());
    } catch (IllegalArgumentException | IllegalStateException refused) { // the memory's own refusal, named
      return error(name + ": " + refused.getMessage());
    } catch (java.io.UncheckedIOException unkept) { // a journal that could not be written: nothing was kept
      return error(name + ": not saved, " + unkept.getMessage());
    }
  }

  /**
   * Who writes: the authenticated principal when the server checks tokens (a name the server vouches for), else the
   * client's name from the MCP handshake (a name the client chose), else null.
   */
  static String author(McpSyncServerExchange exchange) {
    Principal principal = principal(exchange);
    if (principal != null) {
      return principal.name();
    }
    return exchange == null || exchange.getClientInfo() == null ? null : exchange.getClientInfo().name();
  }

  /** The principal the HTTP request was authenticated as, or null (no authentication, or stdio). */
  static Principal principal(McpSyncServerExchange exchange) {
    Object principal = exchange == null || exchange.transportContext() == null ? null
        : exchange.transportContext().get(HttpAccessFilter.PRINCIPAL);
    return principal instanceof Principal p ? p : null;
  }

  /** The scope a tool needs of an authenticated caller: to forget, to write, else to read. */
  static String scope(String tool) {
    return switch (tool) {
      case "forget" -> Principal.FORGET;
      case "remember", "post" -> Principal.WRITE;
      default -> Principal.READ;
    };
  }

  static CallToolResult answer(String text, Map<String, Object> structured) {
    return CallToolResult.builder().addTextContent(text).structuredContent(structured).isError(false).build();
  }

  static CallToolResult error(String message) {
    return CallToolResult.builder().addTextContent("error: " + message).isError(true).build();
  }
}
