package dev.memloop.runtime.llm.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memloop.runtime.ReadmeExamples;
import dev.memloop.runtime.llm.ScriptedChatServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * memloop-llm-mcp's README example is this module's McpAgent.java, word for word, and it runs as printed: in a JVM of
 * its own, against the scripted OpenAI-compatible server and {@link TicketMcpServer} as its MCP server.
 */
class McpAgentExampleTest {

  @Test
  void should_print_in_the_readme_exactly_the_program_the_suite_compiles() throws Exception {
    assertThat(ReadmeExamples.javaBlock(Path.of("README.md"), "## Example: an agent with an MCP server's tools"))
        .isEqualTo(Files.readString(Path.of("src/test/java/McpAgent.java")));
  }

  @Test
  void should_call_the_mcp_servers_tool_and_answer_from_it() throws Exception {
    try (ScriptedChatServer server = new ScriptedChatServer()) {
      server.toolCalls(new ScriptedChatServer.ToolCall("lookup_ticket", "{\"id\":\"T-42\"}"))
          .text("T-42 is owned by the storage team.");
      Map<String, String> environment = new HashMap<>();
      environment.put("OPENAI_BASE_URL", server.baseUrl());
      environment.put("OPENAI_MODEL", "gpt-5-mini");
      environment.put("OPENAI_API_KEY", null);
      environment.put("TICKETS_MCP", String.join(" ", McpToolsTest.ticketServer()));
      String out = ReadmeExamples.run(ReadmeExamples.testClassPath(), List.of(), environment, "McpAgent");
      assertThat(out).contains("T-42 is owned by the storage team.");
      assertThat(server.toolResults(1)).containsExactly("ticket T-42: disk full on db-3; owner storage; lookup 1");
    }
  }
}
