package dev.memloop.runtime.llm.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.model.chat.request.json.JsonEnumSchema;
import dev.langchain4j.model.chat.request.json.JsonStringSchema;
import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * MCP servers' tools as an LLM agent's loop sees them, against {@link TicketMcpServer} started as a process: the
 * tools and their schemas, a call, and every way a server fails, each a {@link McpToolException} naming the server.
 */
class McpToolsTest {

  /** {@code java -cp <these tests' class path> TicketMcpServer}. */
  static List<String> ticketServer() {
    return List.of(Path.JAVA, "-cp", System.getProperty("java.class.path"), TicketMcpServer.class.getName());
  }

  /** The java that runs these tests. */
  static final class Path {
    static final String JAVA = java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  static McpServerSettings tickets(Duration timeout) {
    return new McpServerSettings("tickets", ticketServer(), null, timeout, 2, "");
  }

  static String call(McpTools mcp, String tool, String arguments) {
    return mcp.tools().executor(tool).execute(ToolExecutionRequest.builder().id("1").name(tool).arguments(arguments)
        .build(), "agent-1");
  }

  @Test
  void should_offer_a_servers_tools_with_their_schemas_and_run_a_call() {
    List<String> warnings = new ArrayList<>();
    try (McpTools mcp = McpTools.connect(List.of(tickets(Duration.ofSeconds(30))), warnings::add)) {
      assertThat(warnings).isEmpty();
      assertThat(mcp.connected()).containsExactly("tickets");
      assertThat(mcp.tools().specifications()).extracting(ToolSpecification::name)
          .containsExactlyInAnyOrder("lookup_ticket", "close_ticket", "stall", "crash");
      ToolSpecification lookup = mcp.tools().specifications().stream().filter(s -> s.name().equals("lookup_ticket"))
          .findFirst().orElseThrow();
      assertThat(lookup.description()).isEqualTo("Look a ticket up by its id: its summary and owner");
      assertThat(lookup.parameters().required()).containsExactly("id");
      assertThat(lookup.parameters().properties().get("id")).isInstanceOf(JsonStringSchema.class);
      ToolSpecification close = mcp.tools().specifications().stream().filter(s -> s.name().equals("close_ticket"))
          .findFirst().orElseThrow();
      assertThat(close.parameters().properties().get("reason")).isInstanceOfSatisfying(JsonEnumSchema.class,
          e -> assertThat(e.enumValues()).containsExactly("fixed", "duplicate"));

      assertThat(call(mcp, "lookup_ticket", "{\"id\":\"T-42\"}"))
          .isEqualTo("ticket T-42: disk full on db-3; owner storage; lookup 1");
      assertThatThrownBy(() -> call(mcp, "close_ticket", "{\"id\":\"T-42\"}")).isInstanceOf(McpToolException.class)
          .hasMessage("MCP server 'tickets', tool 'close_ticket' answered an error: ticket T-42 is not yours to close");
      assertThatThrownBy(() -> call(mcp, "lookup_ticket", "[1, 2]")).isInstanceOf(McpToolException.class)
          .hasMessage("MCP server 'tickets', tool 'lookup_ticket': the arguments are not a JSON object");
      assertThat(call(mcp, "lookup_ticket", "{\"id\":\"T-7\"}")).as("the server went on serving").endsWith("lookup 2");
    }
  }

  @Test
  void should_end_a_call_the_server_never_answers_at_its_deadline_and_go_on() {
    // the deadline bounds the server's start too: 3 s once left the test server's JVM out on a loaded machine
    try (McpTools mcp = McpTools.connect(List.of(tickets(Duration.ofSeconds(10))), line -> {})) {
      assertThat(mcp.connected()).as("the server started within its deadline").containsExactly("tickets");
      assertThatThrownBy(() -> call(mcp, "stall", "{}")).isInstanceOf(McpToolException.class)
          .hasMessageStartingWith("MCP server 'tickets', tool 'stall': ").hasMessageContaining("Timeout");
      assertThat(call(mcp, "lookup_ticket", "{\"id\":\"T-1\"}")).as("one hung call holds no other")
          .startsWith("ticket T-1");
    }
  }

  @Test
  void should_answer_every_call_to_a_server_that_died_as_a_named_error() {
    try (McpTools mcp = McpTools.connect(List.of(tickets(Duration.ofSeconds(5))), line -> {})) {
      assertThatThrownBy(() -> call(mcp, "crash", "{}")).isInstanceOf(McpToolException.class)
          .hasMessageStartingWith("MCP server 'tickets', tool 'crash': ");
      assertThatThrownBy(() -> call(mcp, "lookup_ticket", "{\"id\":\"T-1\"}")).isInstanceOf(McpToolException.class)
          .hasMessageStartingWith("MCP server 'tickets', tool 'lookup_ticket': ");
    }
  }

  @Test
  void should_leave_out_a_server_that_does_not_start_with_one_line_naming_it() throws IOException {
    int closedPort;
    try (ServerSocket socket = new ServerSocket(0)) {
      closedPort = socket.getLocalPort();
    }
    List<String> warnings = new ArrayList<>();
    List<McpServerSettings> servers = List.of(
        new McpServerSettings("missing", List.of("/no/such/mcp-server"), null, Duration.ofSeconds(5), 1, ""),
        new McpServerSettings("refusing", List.of(), "http://127.0.0.1:" + closedPort + "/mcp", Duration.ofSeconds(5),
            1, ""),
        new McpServerSettings("garbage", List.of("sh", "-c", "echo this is not JSON-RPC; exec sleep 30"), null,
            Duration.ofSeconds(3), 1, ""),
        tickets(Duration.ofSeconds(30)));
    try (McpTools mcp = McpTools.connect(servers, warnings::add)) {
      assertThat(mcp.unavailable()).containsExactly("missing", "refusing", "garbage");
      assertThat(mcp.connected()).containsExactly("tickets");
      assertThat(warnings).hasSize(3).allSatisfy(line -> assertThat(line).doesNotContain("\n")
          .endsWith("; its tools are not offered"));
      assertThat(warnings.get(0)).startsWith("MCP server 'missing' (/no/such/mcp-server) did not start: ");
      assertThat(warnings.get(1)).startsWith("MCP server 'refusing' (http://127.0.0.1:" + closedPort
          + "/mcp) did not start: ");
      assertThat(warnings.get(2)).startsWith("MCP server 'garbage' (sh -c echo this is not JSON-RPC; exec sleep 30) did "
          + "not start: ");
      assertThat(call(mcp, "lookup_ticket", "{\"id\":\"T-9\"}")).startsWith("ticket T-9");
    }
  }

  /** An allow-list and a deny-list: a tool not offered is not in the loop's tools at all, and cannot be called. */
  @Test
  void should_offer_only_the_tools_allowed_and_not_excluded_and_warn_of_a_pattern_that_matches_none() {
    List<String> warnings = new ArrayList<>();
    McpServerSettings chosen = tickets(Duration.ofSeconds(30)).withTools(List.of("*_ticket", "deploy_*"),
        List.of("close*"));
    try (McpTools mcp = McpTools.connect(List.of(chosen), warnings::add)) {
      assertThat(mcp.tools().specifications()).extracting(ToolSpecification::name).containsExactly("lookup_ticket");
      assertThat(warnings).containsExactly("MCP server 'tickets': its tools pattern 'deploy_*' matches none of its "
          + "tools (lookup_ticket, close_ticket, stall, crash)");
      assertThat(mcp.tools().executor("close_ticket")).as("never offered, never callable").isNull();
    }
    assertThat(McpServerSettings.matches("get-?nv", "get-env")).isTrue();
    assertThat(McpServerSettings.matches("get.env", "get-env")).as("a dot is a dot").isFalse();
  }

  @Test
  void should_refuse_two_tools_of_one_name_naming_both_servers_and_take_a_prefix() {
    McpServerSettings again = new McpServerSettings("desk", ticketServer(), null, Duration.ofSeconds(30), 1, "");
    assertThatThrownBy(() -> McpTools.connect(List.of(tickets(Duration.ofSeconds(30)), again), line -> {}))
        .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("MCP servers 'tickets' and 'desk' both "
            + "have a tool named ").hasMessageEndingWith("give one a prefix (memloop.llm.mcp.servers.desk.prefix)");
    McpServerSettings prefixed = new McpServerSettings("desk", ticketServer(), null, Duration.ofSeconds(30), 1,
        "desk_");
    try (McpTools mcp = McpTools.connect(List.of(tickets(Duration.ofSeconds(30)), prefixed), line -> {})) {
      assertThat(mcp.tools().specifications()).extracting(ToolSpecification::name).contains("lookup_ticket",
          "desk_lookup_ticket");
      assertThat(call(mcp, "desk_lookup_ticket", "{\"id\":\"T-3\"}")).startsWith("ticket T-3");
    }
  }

  @Test
  void should_read_servers_from_config_and_refuse_each_bad_key_by_name() {
    Config config = ConfigFactory.parseString("""
        memloop.llm.mcp.servers {
          tickets { command = ["java", "-jar", "tickets.jar"], timeout = 5s }
          web { url = "http://127.0.0.1:9000/mcp", max-concurrent = 16, prefix = "web_" }
        }""").withFallback(ConfigFactory.load()).resolve();
    assertThat(McpServerSettings.from(config)).containsExactly(
        new McpServerSettings("tickets", List.of("java", "-jar", "tickets.jar"), null, Duration.ofSeconds(5), 4, ""),
        new McpServerSettings("web", List.of(), "http://127.0.0.1:9000/mcp", Duration.ofSeconds(30), 16, "web_"));

    assertThatThrownBy(() -> settings("tickets { comand = [\"x\"] }")).hasMessage(
        "unknown config key memloop.llm.mcp.servers.tickets.comand; a server's keys are [command, url, timeout, "
            + "max-concurrent, prefix, tools, exclude-tools]");
    assertThatThrownBy(() -> settings("tickets { command = [\"x\"], tools = [\"a b\"] }")).hasMessage(
        "memloop.llm.mcp.servers.tickets.tools has a pattern that is not a tool name glob (letters, digits, _ . - / :, "
            + "* and ?): 'a b'");
    assertThat(settings("tickets { command = [\"x\"], tools = [\"lookup_*\"], exclude-tools = [\"*close*\"] }")
        .get(0)).satisfies(s -> {
          assertThat(s.tools()).containsExactly("lookup_*");
          assertThat(s.excludeTools()).containsExactly("*close*");
        });
    assertThatThrownBy(() -> settings("tickets { timeout = 5s }"))
        .hasMessage("memloop.llm.mcp.servers.tickets needs either command = [...] or url = \"...\"");
    assertThatThrownBy(() -> settings("tickets { command = [\"x\"], url = \"http://127.0.0.1:1/mcp\" }"))
        .hasMessage("memloop.llm.mcp.servers.tickets needs either command = [...] or url = \"...\", not both");
    assertThatThrownBy(() -> settings("tickets { url = \"ftp://host/mcp\" }"))
        .hasMessage("memloop.llm.mcp.servers.tickets.url must be an http(s) URL: 'ftp://host/mcp'");
    assertThatThrownBy(() -> settings("tickets { command = [\"x\"], timeout = 5 }"))
        .hasMessage("memloop.llm.mcp.servers.tickets.timeout = 5: a duration needs its unit, as in 30ms or 2s");
    assertThatThrownBy(() -> settings("tickets { command = [\"x\"], max-concurrent = 0 }"))
        .hasMessage("memloop.llm.mcp.servers.tickets.max-concurrent must be in [1, 1024]: 0");
    assertThatThrownBy(() -> settings("tickets = \"x\"")).hasMessageStartingWith(
        "memloop.llm.mcp.servers.tickets = \"x\": a server is a section");
    assertThatThrownBy(() -> McpServerSettings.from(ConfigFactory.parseString("memloop.llm.mcp.timout = 5s")
        .withFallback(ConfigFactory.load()).resolve()))
        .hasMessageStartingWith("unknown config key memloop.llm.mcp.timout = \"5s\"")
        .hasMessageContaining("did you mean memloop.llm.mcp.timeout?");
  }

  private static List<McpServerSettings> settings(String servers) {
    return McpServerSettings.from(ConfigFactory.parseString("memloop.llm.mcp.servers { " + servers + " }")
        .withFallback(ConfigFactory.load()).resolve());
  }

  @Test
  void should_read_a_flags_name_and_command_or_url_and_refuse_a_bad_one_naming_the_flag() {
    Config defaults = ConfigFactory.load();
    assertThat(McpServerSettings.parse("--mcp", "tickets=java -jar tickets.jar", defaults)).isEqualTo(
        new McpServerSettings("tickets", List.of("java", "-jar", "tickets.jar"), null, Duration.ofSeconds(30), 4, ""));
    assertThat(McpServerSettings.parse("--mcp", "web=http://127.0.0.1:9/mcp", defaults).url())
        .isEqualTo("http://127.0.0.1:9/mcp");
    assertThatThrownBy(() -> McpServerSettings.parse("--mcp", "tickets", defaults))
        .hasMessageStartingWith("--mcp tickets: expected NAME=COMMAND");
    assertThatThrownBy(() -> McpServerSettings.parse("--mcp", "=java", defaults))
        .hasMessageStartingWith("--mcp =java: expected NAME=COMMAND");
    assertThatThrownBy(() -> McpServerSettings.parse("--mcp", "tick ets=java", defaults))
        .hasMessageStartingWith("--mcp tick ets=java: an MCP server's name must be");
  }
}
