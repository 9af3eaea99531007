package dev.memloop.cli;

import com.typesafe.config.Config;
import dev.memloop.runtime.llm.mcp.McpServerSettings;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * {@code --mcp NAME=COMMAND}, {@code --mcp-tools NAME=GLOB,...} and {@code --mcp-exclude-tools NAME=GLOB,...}: MCP
 * servers whose tools the fleet's agents are offered, and which of their tools, as {@code memloop.llm.mcp.servers}
 * says them in a config file ({@code tools}, {@code exclude-tools}).
 */
final class McpServerFlags {

  @Option(names = "--mcp", paramLabel = "NAME=COMMAND", description = "With --llm openai, offer the agents the "
      + "tools of this MCP server: a program and its arguments, split on spaces and started once for the fleet (MCP "
      + "over its standard streams), or the http(s) URL of a streamable HTTP server. Repeatable; beside the servers "
      + "of memloop.llm.mcp.servers in --config.")
  List<String> mcp;

  @Option(names = "--mcp-tools", paramLabel = "NAME=GLOB,...", description = "Offer only these tools of the MCP "
      + "server NAME (glob patterns, * and ?; as memloop.llm.mcp.servers.NAME.tools). Repeatable.")
  List<String> tools;

  @Option(names = "--mcp-exclude-tools", paramLabel = "NAME=GLOB,...", description = "Never offer these tools of the "
      + "MCP server NAME (as memloop.llm.mcp.servers.NAME.exclude-tools). Repeatable.")
  List<String> excludeTools;

  /** Whether any of the flags was given. */
  boolean given() {
    return mcp != null || tools != null || excludeTools != null;
  }

  /**
   * The servers of {@code memloop.llm.mcp.servers}, then those of --mcp (one name once), each with the tools the
   * flags allow and exclude.
   *
   * @throws IllegalArgumentException naming the flag and its value
   */
  List<McpServerSettings> servers(Config root) {
    List<McpServerSettings> servers = new ArrayList<>(McpServerSettings.from(root));
    for (String flag : mcp == null ? List.<String>of() : mcp) {
      McpServerSettings server = McpServerSettings.parse("--mcp", flag, root);
      if (servers.stream().anyMatch(s -> s.name().equals(server.name()))) {
        throw new IllegalArgumentException("--mcp " + flag + ": a server is already named " + server.name());
      }
      servers.add(server);
    }
    Map<String, List<String>> allow = byServer("--mcp-tools", tools, servers);
    Map<String, List<String>> deny = byServer("--mcp-exclude-tools", excludeTools, servers);
    List<McpServerSettings> chosen = new ArrayList<>();
    for (McpServerSettings server : servers) {
      List<String> allowed = allow.getOrDefault(server.name(), server.tools());
      List<String> denied = new ArrayList<>(server.excludeTools());
      denied.addAll(deny.getOrDefault(server.name(), List.of()));
      chosen.add(server.withTools(allowed, denied));
    }
    return chosen;
  }

  /** {@code NAME=GLOB,GLOB} values by server name, each naming a server there is. */
  private static Map<String, List<String>> byServer(String flag, List<String> values,
      List<McpServerSettings> servers) {
    Map<String, List<String>> patterns = new LinkedHashMap<>();
    for (String value : values == null ? List.<String>of() : values) {
      int equals = value.indexOf('=');
      if (equals <= 0 || equals == value.length() - 1) {
        throw new IllegalArgumentException(flag + " " + value + ": expected NAME=GLOB,... as in tickets=search_*,get_*");
      }
      String name = value.substring(0, equals);
      if (servers.stream().noneMatch(s -> s.name().equals(name))) {
        throw new IllegalArgumentException(flag + " " + value + ": no MCP server is named " + name + " (--mcp or "
            + "memloop.llm.mcp.servers name them)");
      }
      patterns.computeIfAbsent(name, n -> new ArrayList<>()).addAll(List.of(value.substring(equals + 1).split(",")));
    }
    return patterns;
  }
}
