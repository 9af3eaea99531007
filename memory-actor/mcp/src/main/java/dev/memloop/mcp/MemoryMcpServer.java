package dev.memloop.mcp;

import dev.memloop.memory.WorkingMemory;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema.ServerCapabilities;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.CountDownLatch;

/**
 * A named memloop memory served to MCP clients, with the official MCP Java SDK: the tools {@code remember} (text, its
 * kind and metadata), {@code recall} (query, k, kinds), {@code match} (text, threshold, kind) and {@code forget} (id).
 * Any MCP client (a desktop assistant, an IDE, another agent framework) reads and writes the memory in microseconds,
 * as memloop's own agents do. What {@code memloop mcp} runs.
 *
 * <pre>{@code
 * WorkingMemory notes = WorkingMemory.builder(Embedders.defaultLocal()).threadSafe().build();
 * MemoryMcpServer.serveStdio(notes, "notes", System.in, System.out); // until the client closes standard input
 * }</pre>
 *
 * <p>The memory must be thread-safe ({@code WorkingMemoryBuilder.threadSafe()}): the SDK answers calls on its own
 * threads.
 */
public final class MemoryMcpServer {

  /** The server's name and version in the MCP handshake. */
  public static final String SERVER_NAME = "memloop";

  private MemoryMcpServer() {}

  /**
   * The server of {@code memory} as {@code name} on {@code transport} (any of the SDK's), running until closed.
   *
   * @throws IllegalArgumentException naming the value: a null memory or transport, a blank name
   */
  public static McpSyncServer start(WorkingMemory memory, String name, McpServerTransportProvider transport) {
    check(memory, name, transport);
    return configure(McpServer.sync(transport), memory, name);
  }

  /** As {@link #start(WorkingMemory, String, McpServerTransportProvider)}, on MCP's streamable HTTP transport. */
  public static McpSyncServer start(WorkingMemory memory, String name,
      io.modelcontextprotocol.spec.McpStreamableServerTransportProvider transport) {
    check(memory, name, transport);
    return configure(McpServer.sync(transport), memory, name);
  }

  private static void check(WorkingMemory memory, String name, Object transport) {
    if (memory == null || transport == null || name == null || name.isBlank()) {
      throw new IllegalArgumentException("an MCP memory server needs its memory, a name and a transport: " + memory
          + ", '" + name + "', " + transport);
    }
  }

  private static McpSyncServer configure(McpServer.SyncSpecification<?> spec, WorkingMemory memory, String name) {
    return spec.serverInfo(SERVER_NAME, version())
        .instructions("The memory '" + name + "': remember what is worth keeping, recall it by meaning, match before "
            + "you repeat work, forget what is wrong.")
        .capabilities(ServerCapabilities.builder().tools(false).build())
        .tools(new MemoryTools(memory, name).specifications()).build();
  }

  /**
   * Serves {@code memory} over standard streams ({@code in} from the client, {@code out} to it; nothing else may
   * write to {@code out}) until the client closes {@code in}; then the server closes.
   */
  public static void serveStdio(WorkingMemory memory, String name, InputStream in, OutputStream out)
      throws InterruptedException {
    CountDownLatch closed = new CountDownLatch(1);
    InputStream watched = new FilterInputStream(in) { // the transport reads until end of input: that is the end
      @Override
      public int read() throws IOException {
        return ended(super.read());
      }

      @Override
      public int read(byte[] b, int off, int len) throws IOException {
        return ended(super.read(b, off, len));
      }

      private int ended(int read) {
        if (read < 0) {
          closed.countDown();
        }
        return read;
      }
    };
    McpSyncServer server = start(memory, name, new StdioServerTransportProvider(McpJsonDefaults.getMapper(), watched,
        out));
    try {
      closed.await();
    } finally {
      server.closeGracefully();
    }
  }

  private static String version() {
    String version = MemoryMcpServer.class.getPackage().getImplementationVersion();
    return version == null ? "dev" : version;
  }
}
