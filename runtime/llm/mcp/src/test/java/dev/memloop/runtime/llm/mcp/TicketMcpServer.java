package dev.memloop.runtime.llm.mcp;

import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.ServerCapabilities;
import io.modelcontextprotocol.spec.McpSchema.Tool;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A small MCP server over stdio, started as a process by the tests: a ticket desk with a tool that answers
 * ({@code lookup_ticket}), one that refuses ({@code close_ticket} answers a tool error), one that never answers
 * ({@code stall}) and one that ends the process ({@code crash}). {@code lookup_ticket} counts its calls in its answer,
 * so that a test can tell calls apart.
 */
public final class TicketMcpServer {

  private TicketMcpServer() {}

  public static void main(String[] args) throws InterruptedException {
    // standard output is the protocol's: a log line there (a logback-test.xml with a console appender on the class
    // path, as memory-actor's test classes have in a reactor build) would break the client's next message
    java.io.PrintStream protocol = System.out;
    System.setOut(System.err);
    AtomicInteger lookups = new AtomicInteger();
    McpSyncServer server = McpServer.sync(new StdioServerTransportProvider(McpJsonDefaults.getMapper(), System.in,
            protocol))
        .serverInfo("tickets", "1")
        .capabilities(ServerCapabilities.builder().tools(false).build())
        .tools(List.of(
            tool("lookup_ticket", "Look a ticket up by its id: its summary and owner",
                Map.of("id", Map.of("type", "string", "description", "the ticket's id, as T-42")), List.of("id"),
                arguments -> CallToolResult.builder().addTextContent("ticket " + arguments.get("id")
                    + ": disk full on db-3; owner storage; lookup " + lookups.incrementAndGet()).build()),
            tool("close_ticket", "Close a ticket", Map.of("id", Map.of("type", "string"),
                "reason", Map.of("type", "string", "enum", List.of("fixed", "duplicate"))), List.of("id"),
                arguments -> CallToolResult.builder().addTextContent("ticket " + arguments.get("id")
                    + " is not yours to close").isError(true).build()),
            tool("stall", "Never answers", Map.of(), List.of(), arguments -> {
              try {
                new CountDownLatch(1).await();
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
              return CallToolResult.builder().addTextContent("woke").build();
            }),
            tool("crash", "Ends the server", Map.of(), List.of(), arguments -> {
              Runtime.getRuntime().halt(3);
              return null;
            })))
        .build();
    new CountDownLatch(1).await(); // the transport ends the process when its client closes standard input
    server.close();
  }

  private interface Body {
    CallToolResult call(Map<String, Object> arguments);
  }

  private static SyncToolSpecification tool(String name, String description, Map<String, Object> properties,
      List<String> required, Body body) {
    Tool tool = Tool.builder().name(name).description(description).inputSchema(Map.of("type", "object",
        "properties", properties, "required", required)).build();
    return new SyncToolSpecification(tool, (exchange, request) -> body.call(request.arguments()));
  }
}
