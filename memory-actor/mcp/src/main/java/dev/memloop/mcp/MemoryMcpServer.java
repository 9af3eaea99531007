package dev.memloop.mcp;

import dev.memloop.memory.WorkingMemory;
import io.micrometer.core.instrument.MeterRegistry;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.spec.McpSchema.ServerCapabilities;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import io.modelcontextprotocol.spec.McpStreamableServerTransportProvider;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * A named memloop memory served to MCP clients, with the official MCP Java SDK: the tools {@code remember} (text, its
 * kind and metadata), {@code recall} (query, k, kinds), {@code match} (text, threshold, kind) and {@code forget} (id);
 * with a board, also {@code post} and {@code read}. Any MCP client (a desktop assistant, an IDE, another agent
 * framework) reads and writes the memory in microseconds, as memloop's own agents do. What {@code memloop mcp} runs.
 *
 * <pre>{@code
 * WorkingMemory notes = WorkingMemory.builder(Embedders.defaultLocal()).threadSafe().build();
 * MemoryMcpServer.serveStdio(notes, "notes", System.in, System.out); // until the client closes standard input
 * }</pre>
 *
 * <p>The memory (and the board) must be thread-safe ({@code WorkingMemoryBuilder.threadSafe()}): the SDK answers
 * calls on its own threads.
 */
public final class MemoryMcpServer {

  /** The server's name and version in the MCP handshake. */
  public static final String SERVER_NAME = "memloop";

  private MemoryMcpServer() {}

  /** What to serve: a memory, and optionally a board and a registry that times every call. */
  public static Builder builder(WorkingMemory memory, String name) {
    return new Builder(memory, name);
  }

  /**
   * The server of {@code memory} as {@code name} on {@code transport} (any of the SDK's), running until closed.
   *
   * @throws IllegalArgumentException naming the value: a null memory or transport, a blank name
   */
  public static McpSyncServer start(WorkingMemory memory, String name, McpServerTransportProvider transport) {
    return builder(memory, name).start(transport);
  }

  /** As {@link #start(WorkingMemory, String, McpServerTransportProvider)}, on MCP's streamable HTTP transport. */
  public static McpSyncServer start(WorkingMemory memory, String name,
      McpStreamableServerTransportProvider transport) {
    return builder(memory, name).start(transport);
  }

  /**
   * Serves {@code memory} over standard streams ({@code in} from the client, {@code out} to it; nothing else may
   * write to {@code out}) until the client closes {@code in}; then the server closes.
   */
  public static void serveStdio(WorkingMemory memory, String name, InputStream in, OutputStream out)
      throws InterruptedException {
    builder(memory, name).serveStdio(in, out);
  }

  /** A memory to serve, with what goes beside it. Not thread-safe; build once. */
  public static final class Builder {

    /** How long a server whose client closed its input goes on answering the requests it received. */
    public static final java.time.Duration DRAIN = java.time.Duration.ofSeconds(30);

    private final WorkingMemory memory;
    private final String name;
    private WorkingMemory board;
    private String boardName;
    private java.util.Set<String> boardMembers; // null: every caller
    private MeterRegistry registry;
    private boolean hybrid;
    private java.util.function.Function<String, WorkingMemory> tenants; // null: one memory for every caller

    private Builder(WorkingMemory memory, String name) {
      if (memory == null || name == null || name.isBlank()) {
        throw new IllegalArgumentException("an MCP memory server needs its memory and a name: " + memory + ", '"
            + name + "'");
      }
      this.memory = memory;
      this.name = name;
    }

    /** Also serves {@code board} as a shared board named {@code boardName}: the tools {@code post} and {@code read}. */
    public Builder board(WorkingMemory board, String boardName) {
      if (board == null || boardName == null || boardName.isBlank()) {
        throw new IllegalArgumentException("a board needs its memory and a name: " + board + ", '" + boardName + "'");
      }
      this.board = board;
      this.boardName = boardName;
      return this;
    }

    /**
     * Shares the board only among {@code principals}: an authenticated caller outside them, or a caller with no
     * principal at all, gets a tool error from {@code post} and {@code read} and reads nothing of it.
     */
    public Builder boardMembers(java.util.Collection<String> principals) {
      if (principals == null || principals.isEmpty() || principals.stream().anyMatch(p -> p == null || p.isBlank())) {
        throw new IllegalArgumentException("a board's members are one principal or more, none blank: " + principals);
      }
      this.boardMembers = java.util.Set.copyOf(principals);
      return this;
    }

    /**
     * Makes {@code recall} hybrid unless a call says otherwise (its {@code hybrid} argument): the vector search and
     * BM25 fused. The memory must be built with {@code WorkingMemoryBuilder.lexical()}.
     */
    public Builder hybridRecall() {
      this.hybrid = true;
      return this;
    }

    /**
     * Gives each authenticated principal a memory of its own ({@link HttpAccess} with tokens): {@code memoryOf} makes
     * (or opens) the memory of a principal the first time it calls, and every later call of that principal goes to
     * it; no call of one principal reads, matches, lists or forgets another's. A call without a principal (stdio, an
     * HTTP server without tokens) goes to the builder's memory. The memories must be thread-safe; the caller closes
     * them.
     */
    public Builder tenants(java.util.function.Function<String, WorkingMemory> memoryOf) {
      if (memoryOf == null) {
        throw new IllegalArgumentException("tenants need a function from a principal to its memory");
      }
      this.tenants = memoryOf;
      return this;
    }

    /** Times every tool call into {@code registry} ({@code memloop.mcp.calls}, by memory, tool and outcome). */
    public Builder metrics(MeterRegistry newRegistry) {
      if (newRegistry == null) {
        throw new IllegalArgumentException("the meter registry must not be null");
      }
      this.registry = newRegistry;
      return this;
    }

    /** The server on {@code transport} (stdio, or the SDK's others), running until closed. */
    public McpSyncServer start(McpServerTransportProvider transport) {
      return configure(McpServer.sync(require(transport)));
    }

    /** The server on MCP's streamable HTTP transport, running until closed. */
    public McpSyncServer start(McpStreamableServerTransportProvider transport) {
      return configure(McpServer.sync(require(transport)));
    }

    /**
     * Serves over standard streams ({@code in} from the client, {@code out} to it; nothing else may write to
     * {@code out}) until the client closes {@code in}, answering every request received before that (within
     * {@link #DRAIN}); then the server closes. Every line is checked as JSON-RPC first: one that is not a message is
     * answered with JSON-RPC's error and reading goes on ({@link StdioTransport}).
     *
     * @return how many requests were still unanswered at the drain's deadline (0 when every one was answered)
     */
    public int serveStdio(InputStream in, OutputStream out) throws InterruptedException {
      StdioTransport transport = new StdioTransport(McpJsonDefaults.getMapper(), in, out);
      McpSyncServer server = start(transport);
      try {
        return transport.serve(DRAIN);
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException("the client's stream failed: " + e.getMessage(), e);
      } finally {
        server.closeGracefully();
      }
    }

    private static <T> T require(T transport) {
      if (transport == null) {
        throw new IllegalArgumentException("an MCP memory server needs a transport");
      }
      return transport;
    }

    private McpSyncServer configure(McpServer.SyncSpecification<?> spec) {
      List<SyncToolSpecification> tools = new ArrayList<>(new MemoryTools(memory, tenants, name,
          new ToolCalls(registry, name), hybrid).specifications());
      String instructions = "The memory '" + name + "': remember what is worth keeping, recall it by meaning, match "
          + "before you repeat work, forget what is wrong.";
      if (board != null) {
        tools.addAll(new BoardTools(board, boardName, boardMembers, new ToolCalls(registry, boardName)).specifications());
        instructions += " The board '" + boardName + "' is shared with other clients: post what they should know, "
            + "read what they posted.";
      }
      return spec.serverInfo(SERVER_NAME, version()).instructions(instructions)
          .capabilities(ServerCapabilities.builder().tools(false).build()).tools(tools).build();
    }
  }

  private static String version() {
    String version = MemoryMcpServer.class.getPackage().getImplementationVersion();
    return version == null ? "dev" : version;
  }
}
