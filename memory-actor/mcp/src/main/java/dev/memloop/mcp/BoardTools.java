package dev.memloop.mcp;

import static dev.memloop.mcp.ToolCalls.answer;

import dev.memloop.memory.MemoryKind;
import dev.memloop.memory.MemoryQuery;
import dev.memloop.memory.MetadataFilter;
import dev.memloop.memory.Recall;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.tools.MemoryToolDefinitions;
import dev.memloop.memory.tools.ToolArguments;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A shared board's tools, for several clients at once: {@code post} (a post, signed with the client's name from the
 * MCP handshake) and {@code read} (the posts most alike in meaning to a query, each with its author, optionally one
 * author's alone). The board is a memory of posts, as a blackboard's is: what one client posts, every other reads
 * by meaning in microseconds.
 */
final class BoardTools {

  private final WorkingMemory board;
  private final String name;
  private final java.util.Set<String> members; // null: every caller
  private final ToolCalls calls;

  BoardTools(WorkingMemory board, String name, java.util.Set<String> members, ToolCalls calls) {
    this.board = board;
    this.name = name;
    this.members = members;
    this.calls = calls;
  }

  /** Refuses a caller outside the board's members (one without a principal too), naming no member. */
  private void checkMember(McpSyncServerExchange exchange) throws ToolArguments.BadArgument {
    if (members == null) {
      return;
    }
    dev.memloop.auth.Principal principal = ToolCalls.principal(exchange);
    if (principal == null || !members.contains(principal.name())) {
      throw new ToolArguments.BadArgument("the board '" + name + "' is shared among its members only, and "
          + (principal == null ? "this caller is not authenticated" : principal.name() + " is not one of them"));
    }
  }

  List<SyncToolSpecification> specifications() {
    return List.of(calls.tool(MemoryToolDefinitions.post(name), this::post),
        calls.tool(MemoryToolDefinitions.read(), this::read));
  }

  private CallToolResult post(ToolArguments arguments, McpSyncServerExchange exchange)
      throws ToolArguments.BadArgument {
    checkMember(exchange);
    String text = arguments.text("text");
    String author = ToolCalls.author(exchange);
    String id = board.add(text, MemoryKind.POST.tag(author, Map.of()));
    return answer("posted as " + id, Map.of("id", id));
  }

  private CallToolResult read(ToolArguments arguments, McpSyncServerExchange exchange)
      throws ToolArguments.BadArgument {
    checkMember(exchange);
    String query = arguments.text("query");
    int k = arguments.whole("k", MemoryToolDefinitions.DEFAULT_K, 1, MemoryToolDefinitions.MAX_K);
    String author = arguments.optionalText("author");
    MemoryQuery.Builder search = MemoryQuery.text(query).k(k).kinds(MemoryKind.POST);
    if (author != null) {
      search.filter(MetadataFilter.eq(MemoryKind.AUTHOR_KEY, author));
    }
    List<Recall> found = board.search(search.build());
    StringBuilder text = new StringBuilder(found.isEmpty() ? "no post matches" : "");
    List<Map<String, Object>> posts = new ArrayList<>(found.size());
    for (Recall r : found) {
      text.append(String.format(Locale.ROOT, "%s (%.3f, by %s): %s%n", r.id(), r.similarity(),
          r.author() == null ? "unknown" : r.author(), r.text()));
      Map<String, Object> post = new LinkedHashMap<>();
      post.put("id", r.id());
      post.put("text", r.text());
      post.put("similarity", r.similarity());
      if (r.author() != null) {
        post.put("author", r.author());
      }
      posts.add(post);
    }
    return answer(text.toString().strip(), Map.of("posts", posts));
  }
}
