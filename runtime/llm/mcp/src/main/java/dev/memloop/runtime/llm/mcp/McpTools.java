package dev.memloop.runtime.llm.mcp;

import com.typesafe.config.Config;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.memloop.runtime.llm.Tools;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The tools of one or more MCP servers, for LLM agents' tool loops: each server connected once (a process started,
 * or a streamable HTTP endpoint reached) and shared by every agent given these tools, its calls bounded in number and
 * time. In the loop an MCP tool is a user tool like any other: behind the tool guard
 * ({@code memloop.agent.tools.guard}), recorded in the step's decision, and a failure (the server died, hung, or the
 * tool answered an error) is told to the model as a tool error naming the server, and the agent goes on.
 *
 * <pre>{@code
 * try (McpTools mcp = McpTools.connect(McpServerSettings.from(config), System.err::println)) {
 *   ReasonerFactory reasoners = LlmReasoner.builder(chatModel).tools(mcp.tools()).factory();
 *   // ... run the agents; closing stops the servers this started
 * }
 * }</pre>
 *
 * <p>A server that does not start is left out with one warning naming it (its tools cannot be described to a
 * model without it); the others serve. Thread-safe. Close it after the agents that use it.
 */
public final class McpTools implements AutoCloseable {

  private final List<McpToolServer> servers;
  private final List<String> unavailable;
  private final Tools tools;

  private McpTools(List<McpToolServer> servers, List<String> unavailable, Tools tools) {
    this.servers = servers;
    this.unavailable = unavailable;
    this.tools = tools;
  }

  /** The servers of {@code memloop.llm.mcp.servers} in {@code root}; see {@link #connect(List, Consumer)}. */
  public static McpTools connect(Config root, Consumer<String> warnings) {
    return connect(McpServerSettings.from(root), warnings);
  }

  /**
   * Connects to every server in turn, each within its timeout.
   *
   * @param warnings told one line for each server that did not start, and for each {@code tools} pattern that matches
   *     none of its server's tools
   * @throws IllegalArgumentException when two tools would have one name (naming both servers; a server's
   *     {@code prefix} tells them apart) or a tool is named like one of the runtime's; the servers started are
   *     stopped first
   */
  public static McpTools connect(List<McpServerSettings> settings, Consumer<String> warnings) {
    if (settings == null || warnings == null) {
      throw new IllegalArgumentException("MCP tools need their servers' settings and somewhere to warn");
    }
    List<McpToolServer> servers = new ArrayList<>();
    List<String> unavailable = new ArrayList<>();
    try {
      for (McpServerSettings server : settings) {
        try {
          servers.add(McpToolServer.connect(server));
        } catch (McpToolException failed) {
          unavailable.add(server.name());
          warnings.accept(failed.getMessage() + "; its tools are not offered");
        }
      }
      for (McpToolServer server : servers) {
        for (String glob : server.settings().tools()) {
          if (server.tools().stream().noneMatch(tool -> McpServerSettings.matches(glob, tool.name()))) {
            warnings.accept("MCP server '" + server.settings().name() + "': its tools pattern '" + glob
                + "' matches none of its tools (" + String.join(", ", server.tools().stream().map(McpSchema.Tool::name)
                .toList()) + ")");
          }
        }
      }
      return new McpTools(List.copyOf(servers), List.copyOf(unavailable), tools(servers));
    } catch (RuntimeException failed) {
      servers.forEach(McpToolServer::close);
      throw failed;
    }
  }

  private static Tools tools(List<McpToolServer> servers) {
    Tools.Builder builder = Tools.builder();
    Map<String, String> ownerOfTool = new HashMap<>(); // to name both servers on a clash
    for (McpToolServer server : servers) {
      for (McpSchema.Tool tool : server.tools()) {
        if (!server.settings().offers(tool.name())) {
          continue; // never offered: the model does not see it, and cannot call it
        }
        String name = server.settings().prefix() + tool.name();
        String earlier = ownerOfTool.putIfAbsent(name, server.settings().name());
        if (earlier != null) {
          throw new IllegalArgumentException("MCP servers '" + earlier + "' and '"
              + server.settings().name() + "' both have a tool named " + name + ": give one a prefix ("
              + McpServerSettings.PATH + ".servers." + server.settings().name() + ".prefix)");
        }
        ToolSpecification spec = ToolSpecification.builder().name(name)
            .description(description(tool)).parameters(ToolSchemas.parameters(tool.inputSchema())).build();
        try {
          builder.add(spec, (request, memoryId) -> server.call(tool.name(), request.arguments()));
        } catch (IllegalArgumentException reserved) {
          throw new IllegalArgumentException("MCP server '" + server.settings().name() + "': " + reserved.getMessage()
              + "; give the server a prefix (" + McpServerSettings.PATH + ".servers." + server.settings().name()
              + ".prefix)", reserved);
        }
      }
    }
    return builder.build();
  }

  private static String description(McpSchema.Tool tool) {
    if (tool.description() != null && !tool.description().isBlank()) {
      return tool.description();
    }
    return tool.title() != null && !tool.title().isBlank() ? tool.title() : tool.name();
  }

  /** Every connected server's tools, for {@code LlmReasoner.Builder.tools} (or to add to one's own). */
  public Tools tools() {
    return tools;
  }

  /** The names of the servers that did not start, whose tools are not offered. */
  public List<String> unavailable() {
    return unavailable;
  }

  /** The names of the servers connected, in the order given. */
  public List<String> connected() {
    return servers.stream().map(s -> s.settings().name()).toList();
  }

  /** Closes every connection; stops the processes started for them. */
  @Override
  public void close() {
    servers.forEach(McpToolServer::close);
  }
}
