package dev.memloop.runtime.llm.mcp;

import static dev.memloop.runtime.config.ConfigValues.duration;
import static dev.memloop.runtime.config.ConfigValues.value;
import static dev.memloop.runtime.config.ConfigValues.wholeNumber;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigValueType;
import dev.memloop.memory.timing.Units;
import dev.memloop.runtime.config.MemloopKeys;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * One MCP server whose tools an LLM agent is offered: started as a process and spoken to over its standard streams
 * ({@code command}), or reached over MCP's streamable HTTP transport ({@code url}); exactly one of the two. From
 * {@code memloop.llm.mcp.servers.NAME} or from {@code --mcp NAME=COMMAND}.
 *
 * @param command the program and its arguments; empty when the server is reached by {@code url}
 * @param url the server's streamable HTTP endpoint; null when it is started by {@code command}
 * @param timeout one call's deadline, and the connection's at start
 * @param maxConcurrent calls in flight to this server at once, across every agent of the process
 * @param prefix put before each of the server's tool names as the model sees them (empty: none)
 * @param tools glob patterns of the server's tool names that are offered ({@code *} any run of characters, {@code ?}
 *     one); empty: every tool
 * @param excludeTools glob patterns of tool names never offered, even when {@code tools} allows them
 */
public record McpServerSettings(String name, List<String> command, String url, Duration timeout, int maxConcurrent,
    String prefix, List<String> tools, List<String> excludeTools) {

  /** Where the settings are, in HOCON. */
  public static final String PATH = "memloop.llm.mcp";
  private static final String SERVERS = PATH + ".servers";
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]{1,64}");
  private static final List<String> KEYS = List.of("command", "url", "timeout", "max-concurrent", "prefix", "tools",
      "exclude-tools");
  private static final Pattern GLOB = Pattern.compile("[A-Za-z0-9_.*?/:-]{1,128}");

  public McpServerSettings {
    if (name == null || !NAME.matcher(name).matches()) {
      throw new IllegalArgumentException("an MCP server's name must be 1-64 letters, digits, '-' or '_': '" + name
          + "'");
    }
    command = command == null ? List.of() : List.copyOf(command);
    if (command.isEmpty() == (url == null)) {
      throw new IllegalArgumentException(SERVERS + "." + name + " needs either command = [...] or url = \"...\""
          + (command.isEmpty() ? "" : ", not both"));
    }
    if (command.stream().anyMatch(part -> part == null || part.isBlank())) {
      throw new IllegalArgumentException(SERVERS + "." + name + ".command has a blank part: " + command);
    }
    if (url != null && !(url.startsWith("http://") || url.startsWith("https://"))) {
      throw new IllegalArgumentException(SERVERS + "." + name + ".url must be an http(s) URL: '" + url + "'");
    }
    if (url != null) {
      URI.create(url); // a malformed URL is refused here, by name, not at the first call
    }
    if (timeout == null || timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException(SERVERS + "." + name + ".timeout must be > 0: " + Units.config(timeout));
    }
    if (maxConcurrent < 1 || maxConcurrent > 1024) {
      throw new IllegalArgumentException(SERVERS + "." + name + ".max-concurrent must be in [1, 1024]: "
          + maxConcurrent);
    }
    prefix = prefix == null ? "" : prefix;
    if (!prefix.isEmpty() && !NAME.matcher(prefix).matches()) {
      throw new IllegalArgumentException(SERVERS + "." + name + ".prefix must be letters, digits, '-' or '_': '"
          + prefix + "'");
    }
    tools = globs(name, "tools", tools);
    excludeTools = globs(name, "exclude-tools", excludeTools);
  }

  /** A server with every tool offered. */
  public McpServerSettings(String name, List<String> command, String url, Duration timeout, int maxConcurrent,
      String prefix) {
    this(name, command, url, timeout, maxConcurrent, prefix, List.of(), List.of());
  }

  private static List<String> globs(String name, String key, List<String> patterns) {
    List<String> kept = patterns == null ? List.of() : List.copyOf(patterns);
    for (String pattern : kept) {
      if (pattern == null || !GLOB.matcher(pattern).matches()) {
        throw new IllegalArgumentException(SERVERS + "." + name + "." + key + " has a pattern that is not a tool "
            + "name glob (letters, digits, _ . - / :, * and ?): '" + pattern + "'");
      }
    }
    return kept;
  }

  /** Whether the server's tool {@code toolName} is offered: allowed by {@code tools} (or all) and not excluded. */
  public boolean offers(String toolName) {
    return (tools.isEmpty() || tools.stream().anyMatch(glob -> matches(glob, toolName)))
        && excludeTools.stream().noneMatch(glob -> matches(glob, toolName));
  }

  /** {@code *} any run of characters, {@code ?} one; everything else itself. */
  static boolean matches(String glob, String text) {
    StringBuilder regex = new StringBuilder();
    for (char c : glob.toCharArray()) {
      regex.append(c == '*' ? ".*" : c == '?' ? "." : Pattern.quote(String.valueOf(c)));
    }
    return text.matches(regex.toString());
  }

  /** These settings offering only the tools {@code allow} matches and none {@code exclude} matches. */
  public McpServerSettings withTools(List<String> allow, List<String> exclude) {
    return new McpServerSettings(name, command, url, timeout, maxConcurrent, prefix, allow, exclude);
  }

  /** The default deadline of one call, as reference.conf's {@code memloop.llm.mcp.timeout}. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);
  /** The default bound on calls in flight to one server, as {@code memloop.llm.mcp.max-concurrent}. */
  public static final int DEFAULT_MAX_CONCURRENT = 4;

  /** A server started as {@code command} (a program and its arguments), with the default timeout and bound. */
  public static McpServerSettings stdio(String name, String... command) {
    return new McpServerSettings(name, command == null ? List.of() : List.of(command), null, DEFAULT_TIMEOUT,
        DEFAULT_MAX_CONCURRENT, "");
  }

  /** A server reached over streamable HTTP at {@code url}, with the default timeout and bound. */
  public static McpServerSettings http(String name, String url) {
    return new McpServerSettings(name, List.of(), url, DEFAULT_TIMEOUT, DEFAULT_MAX_CONCURRENT, "");
  }

  /** These settings with {@code newTimeout} as the deadline of a call and of the connection. */
  public McpServerSettings withTimeout(Duration newTimeout) {
    return new McpServerSettings(name, command, url, newTimeout, maxConcurrent, prefix, tools, excludeTools);
  }

  /** These settings with {@code newPrefix} before each tool name. */
  public McpServerSettings withPrefix(String newPrefix) {
    return new McpServerSettings(name, command, url, timeout, maxConcurrent, newPrefix, tools, excludeTools);
  }

  /** Whether the server is started as a process (else reached over HTTP). */
  public boolean stdio() {
    return url == null;
  }

  /** Where the server is, as it may be shown: the command, or the URL without a password. */
  public String shown() {
    return url == null ? String.join(" ", command) : dev.memloop.runtime.llm.LlmSettings.shown(url);
  }

  /**
   * Every server of {@code memloop.llm.mcp.servers}, in the order written; the section's timeout and max-concurrent
   * are each server's defaults.
   *
   * @throws IllegalArgumentException naming the key and the value: an unknown key, neither or both of command and
   *     url, a bad timeout
   */
  public static List<McpServerSettings> from(Config root) {
    MemloopKeys.check(root);
    if (!root.hasPath(PATH)) {
      return List.of(); // memloop-llm-mcp's reference.conf is not loaded: no server can be configured
    }
    Config section = root.getConfig(PATH);
    Defaults defaults = Defaults.of(root);
    Duration timeout = defaults.timeout();
    int maxConcurrent = defaults.maxConcurrent();
    List<McpServerSettings> servers = new ArrayList<>();
    Config all = section.getConfig("servers");
    for (String name : all.root().keySet()) {
      String path = SERVERS + "." + name;
      if (all.root().get(name).valueType() != ConfigValueType.OBJECT) {
        throw new IllegalArgumentException(path + " = " + all.root().get(name).render() + ": a server is a section, "
            + "as in " + name + " { command = [\"my-server\"] }");
      }
      Config server = all.getConfig(com.typesafe.config.ConfigUtil.quoteString(name));
      for (String key : server.root().keySet()) {
        if (!KEYS.contains(key)) {
          throw new IllegalArgumentException("unknown config key " + path + "." + key + "; a server's keys are "
              + KEYS);
        }
      }
      List<String> command = server.hasPath("command")
          ? value(server, "command", path, () -> server.getStringList("command")) : List.of();
      String url = server.hasPath("url") ? value(server, "url", path, () -> server.getString("url")) : null;
      Duration own = server.hasPath("timeout") ? value(server, "timeout", path, () -> duration(server, "timeout"))
          : timeout;
      int concurrent = server.hasPath("max-concurrent")
          ? value(server, "max-concurrent", path, () -> wholeNumber(server, "max-concurrent")) : maxConcurrent;
      String prefix = server.hasPath("prefix") ? value(server, "prefix", path, () -> server.getString("prefix")) : "";
      List<String> tools = server.hasPath("tools")
          ? value(server, "tools", path, () -> server.getStringList("tools")) : List.of();
      List<String> excluded = server.hasPath("exclude-tools")
          ? value(server, "exclude-tools", path, () -> server.getStringList("exclude-tools")) : List.of();
      servers.add(new McpServerSettings(name, command, url, own, concurrent, prefix, tools, excluded));
    }
    return List.copyOf(servers);
  }

  /**
   * A server from a command-line flag's value, {@code NAME=COMMAND}: the command split on spaces (no shell quoting),
   * or a URL when it starts with http:// or https://; its timeout and max-concurrent from {@code defaults}' section.
   *
   * @throws IllegalArgumentException naming {@code flag} and the value
   */
  public static McpServerSettings parse(String flag, String text, Config root) {
    int equals = text == null ? -1 : text.indexOf('=');
    if (equals <= 0 || equals == text.length() - 1 || text.substring(equals + 1).isBlank()) {
      throw new IllegalArgumentException(flag + " " + text + ": expected NAME=COMMAND (a program and its arguments, "
          + "or an http(s) URL of a streamable HTTP server), as in tickets=\"java -jar tickets.jar\"");
    }
    String name = text.substring(0, equals).trim();
    String where = text.substring(equals + 1).trim();
    boolean http = where.startsWith("http://") || where.startsWith("https://");
    Defaults defaults = Defaults.of(root);
    try {
      return new McpServerSettings(name, http ? List.of() : List.of(where.split("\\s+")), http ? where : null,
          defaults.timeout(), defaults.maxConcurrent(), "");
    } catch (IllegalArgumentException bad) {
      throw new IllegalArgumentException(flag + " " + text + ": " + bad.getMessage(), bad);
    }
  }

  /** The section's timeout and max-concurrent, each server's unless it sets its own; reference.conf's without it. */
  private record Defaults(Duration timeout, int maxConcurrent) {
    static Defaults of(Config root) {
      if (!root.hasPath(PATH)) {
        return new Defaults(DEFAULT_TIMEOUT, DEFAULT_MAX_CONCURRENT);
      }
      Config section = root.getConfig(PATH);
      return new Defaults(value(section, "timeout", PATH, () -> duration(section, "timeout")),
          value(section, "max-concurrent", PATH, () -> wholeNumber(section, "max-concurrent")));
    }
  }

  @Override
  public String toString() {
    return "McpServerSettings[" + name + ", " + (stdio() ? "command " : "url ") + shown() + ", timeout "
        + Units.config(timeout) + ", max-concurrent " + maxConcurrent + (prefix.isEmpty() ? "" : ", prefix " + prefix)
        + (tools.isEmpty() ? "" : ", tools " + tools) + (excludeTools.isEmpty() ? "" : ", exclude-tools "
        + excludeTools) + "]";
  }
}
