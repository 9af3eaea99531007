package dev.memloop.mcp;

import static dev.memloop.mcp.ToolCalls.answer;

import dev.memloop.memory.MemoryKind;
import dev.memloop.memory.MemoryQuery;
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
import java.util.Optional;
import java.util.Set;

/**
 * A memory's tools: {@code remember}, {@code recall}, {@code match} and {@code forget}, each with a JSON schema and
 * descriptions a model can use. Every answer is text for a model and structured content for a program; an argument
 * the tool cannot use is a tool error naming it ({@code isError}), never a dropped connection, and changes nothing.
 */
final class MemoryTools {

  private final WorkingMemory memory;
  private final String name;
  private final ToolCalls calls;
  private final boolean hybridByDefault;

  /** @param hybridByDefault whether a recall that does not say is hybrid (the memory must be built lexical) */
  MemoryTools(WorkingMemory memory, String name, ToolCalls calls, boolean hybridByDefault) {
    this.memory = memory;
    this.name = name;
    this.calls = calls;
    this.hybridByDefault = hybridByDefault;
  }

  List<SyncToolSpecification> specifications() {
    String owner = "the memory '" + name + "'";
    return List.of(
        calls.tool(MemoryToolDefinitions.remember(owner), this::remember),
        calls.tool(MemoryToolDefinitions.recall(owner, "default " + MemoryToolDefinitions.DEFAULT_K,
            (hybridByDefault ? "on" : "off") + " by default"), this::recall),
        calls.tool(MemoryToolDefinitions.match(owner, "default " + MemoryToolDefinitions.DEFAULT_THRESHOLD),
            this::match),
        calls.tool(MemoryToolDefinitions.forget(owner), this::forget));
  }

  private CallToolResult remember(ToolArguments arguments, McpSyncServerExchange exchange)
      throws ToolArguments.BadArgument {
    String text = arguments.text("text");
    MemoryKind kind = arguments.kind("kind", MemoryKind.NOTE);
    Map<String, Object> metadata = arguments.metadata("metadata");
    String author = exchange == null || exchange.getClientInfo() == null ? null : exchange.getClientInfo().name();
    String id = memory.add(text, kind.tag(author, metadata));
    return answer("saved as " + id, Map.of("id", id, "kind", kind.configName()));
  }

  private CallToolResult recall(ToolArguments arguments, McpSyncServerExchange exchange)
      throws ToolArguments.BadArgument {
    String query = arguments.text("query");
    int k = arguments.whole("k", MemoryToolDefinitions.DEFAULT_K, 1, MemoryToolDefinitions.MAX_K);
    Set<MemoryKind> kinds = arguments.kinds("kinds");
    MemoryQuery.Builder search = MemoryQuery.text(query).k(k).kinds(kinds);
    if (arguments.flag("hybrid", hybridByDefault)) {
      search.hybrid();
    }
    List<Recall> found = memory.search(search.build());
    StringBuilder text = new StringBuilder(found.isEmpty() ? "nothing saved matches" : "");
    List<Map<String, Object>> items = new ArrayList<>(found.size());
    for (Recall r : found) {
      text.append(String.format(Locale.ROOT, "%s (%.3f, %s): %s%n", r.id(), r.similarity(), r.kind().configName(),
          r.text()));
      items.add(item(r));
    }
    return answer(text.toString().strip(), Map.of("items", items));
  }

  private CallToolResult match(ToolArguments arguments, McpSyncServerExchange exchange)
      throws ToolArguments.BadArgument {
    String text = arguments.text("text");
    double threshold = arguments.decimal("threshold", MemoryToolDefinitions.DEFAULT_THRESHOLD, -1, 1);
    MemoryKind kind = arguments.kind("kind", null);
    MemoryQuery.Builder query = MemoryQuery.text(text).minScore(threshold);
    if (kind != null) {
      query.kinds(kind);
    }
    Optional<Recall> best = memory.search(query.build()).stream().findFirst();
    if (best.isEmpty()) {
      return answer("no saved item reaches " + threshold, Map.of("found", false));
    }
    Recall r = best.get();
    return answer(String.format(Locale.ROOT, "yes: %s (%.3f): %s", r.id(), r.similarity(), r.text()),
        Map.of("found", true, "item", item(r)));
  }

  private CallToolResult forget(ToolArguments arguments, McpSyncServerExchange exchange)
      throws ToolArguments.BadArgument {
    String id = arguments.text("id");
    boolean removed = memory.remove(id);
    return answer(removed ? "forgot " + id : "no item " + id, Map.of("removed", removed));
  }

  private static Map<String, Object> item(Recall r) {
    Map<String, Object> item = new LinkedHashMap<>();
    item.put("id", r.id());
    item.put("text", r.text());
    item.put("similarity", r.similarity());
    item.put("kind", r.kind().configName());
    if (r.author() != null) {
      item.put("author", r.author());
    }
    return item;
  }

}
