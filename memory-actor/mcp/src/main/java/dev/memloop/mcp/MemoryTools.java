package dev.memloop.mcp;

import static dev.memloop.mcp.ToolCalls.answer;

import dev.memloop.auth.Principal;
import dev.memloop.memory.MemoryKind;
import dev.memloop.memory.MemoryQuery;
import dev.memloop.memory.MemoryVersion;
import dev.memloop.memory.MemoryWrite;
import dev.memloop.memory.MetadataFilter;
import dev.memloop.memory.Recall;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.tools.MemoryToolDefinitions;
import dev.memloop.memory.tools.MemoryToolSpec;
import dev.memloop.memory.tools.ToolArguments;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A memory's tools: {@code remember}, {@code recall}, {@code match}, {@code forget} and, for a memory that keeps
 * subjects ({@link WorkingMemory#supersedes()}), {@code history}, each with a JSON schema and descriptions a model can
 * use. A memory that keeps no subjects is offered without {@code subject}, {@code valid_from}, {@code as_of} and
 * {@code include_superseded}, so that a call with one is refused by name. Every answer is text for a model and
 * structured content for a program; an argument the tool cannot use is a tool error naming it ({@code isError}), never
 * a dropped connection, and changes nothing.
 */
final class MemoryTools {

  private final WorkingMemory shared; // every caller's without tenants, and a caller's without a principal
  private final java.util.function.Function<String, WorkingMemory> tenants; // null: none
  private final java.util.Map<String, WorkingMemory> byPrincipal = new java.util.concurrent.ConcurrentHashMap<>();
  private final String name;
  private final ToolCalls calls;
  private final boolean hybridByDefault;

  /** @param hybridByDefault whether a recall that does not say is hybrid (the memory must be built lexical) */
  MemoryTools(WorkingMemory memory, java.util.function.Function<String, WorkingMemory> tenants, String name,
      ToolCalls calls, boolean hybridByDefault) {
    this.shared = memory;
    this.tenants = tenants;
    this.name = name;
    this.calls = calls;
    this.hybridByDefault = hybridByDefault;
  }

  /** The memory a call goes to: its principal's own with tenants, else the shared one. */
  private WorkingMemory memory(McpSyncServerExchange exchange) {
    Principal principal = ToolCalls.principal(exchange);
    if (tenants == null || principal == null) {
      return shared;
    }
    return byPrincipal.computeIfAbsent(principal.name(), tenants);
  }

  List<SyncToolSpecification> specifications() {
    WorkingMemory memory = shared; // what every tenant's memory can do: the shared one's capabilities
    String owner = "the memory '" + name + "'";
    MemoryToolSpec remember = MemoryToolDefinitions.remember(owner);
    MemoryToolSpec recall = MemoryToolDefinitions.recall(owner, "default " + MemoryToolDefinitions.DEFAULT_K,
        (hybridByDefault ? "on" : "off") + " by default");
    MemoryToolSpec forget = MemoryToolDefinitions.forget(owner);
    List<SyncToolSpecification> tools = new ArrayList<>();
    if (memory.supersedes()) {
      tools.add(calls.tool(remember, this::remember));
      tools.add(calls.tool(recall, this::recall));
    } else {
      tools.add(calls.tool(remember.only("text", "kind", "metadata"), this::remember));
      tools.add(calls.tool(recall.only("query", "k", "kinds", "hybrid"), this::recall));
    }
    tools.add(calls.tool(MemoryToolDefinitions.match(owner, "default " + MemoryToolDefinitions.DEFAULT_THRESHOLD),
        this::match));
    tools.add(calls.tool(memory.supersedes() ? forget : forget.only("id", "author"), this::forget));
    if (memory.supersedes()) {
      tools.add(calls.tool(MemoryToolDefinitions.history(owner), this::history));
    }
    return List.copyOf(tools);
  }

  private CallToolResult remember(ToolArguments arguments, McpSyncServerExchange exchange)
      throws ToolArguments.BadArgument {
    String text = arguments.text("text");
    MemoryKind kind = arguments.kind("kind", MemoryKind.NOTE);
    Map<String, Object> metadata = arguments.metadata("metadata");
    String author = ToolCalls.author(exchange);
    String subject = arguments.subject("subject");
    Instant validFrom = arguments.instant("valid_from");
    Map<String, Object> tagged = kind.tag(author, metadata);
    String id = subject == null && validFrom == null ? memory(exchange).add(text, tagged)
        : memory(exchange).write(MemoryWrite.text(text).subject(subject).validFrom(validFrom).metadata(tagged).build());
    Map<String, Object> saved = new LinkedHashMap<>();
    saved.put("id", id);
    saved.put("kind", kind.configName());
    if (subject != null) {
      saved.put("subject", subject);
    }
    return answer("saved as " + id + (subject == null ? "" : " (subject: " + subject + ")"), saved);
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
    Instant asOf = arguments.instant("as_of");
    if (asOf != null) {
      search.asOf(asOf);
    }
    if (arguments.flag("include_superseded", false)) {
      search.includeSuperseded();
    }
    List<Recall> found = memory(exchange).search(search.build());
    StringBuilder text = new StringBuilder(found.isEmpty() ? "nothing saved matches" : "");
    List<Map<String, Object>> items = new ArrayList<>(found.size());
    for (Recall r : found) {
      Map<String, Object> item = item(r);
      text.append(String.format(Locale.ROOT, "%s (%.3f, %s): %s%s%n", r.id(), r.similarity(), r.kind().configName(),
          r.text(), inTime(item)));
      items.add(item);
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
    Optional<Recall> best = memory(exchange).search(query.build()).stream().findFirst();
    if (best.isEmpty()) {
      return answer("no saved item reaches " + threshold, Map.of("found", false));
    }
    Recall r = best.get();
    return answer(String.format(Locale.ROOT, "yes: %s (%.3f): %s", r.id(), r.similarity(), r.text()),
        Map.of("found", true, "item", item(r)));
  }

  private CallToolResult forget(ToolArguments arguments, McpSyncServerExchange exchange)
      throws ToolArguments.BadArgument {
    String id = arguments.optionalText("id");
    String subject = arguments.subject("subject");
    String author = arguments.optionalText("author");
    int given = (id == null ? 0 : 1) + (subject == null ? 0 : 1) + (author == null ? 0 : 1);
    if (given != 1) {
      throw new ToolArguments.BadArgument("forget needs exactly one of \"id\", \"subject\" and \"author\", and was "
          + "given " + (given == 0 ? "none" : given));
    }
    if (author != null) { // journaled and rewritten like any removal (JournaledMemory.removeAll)
      int removed = memory(exchange).removeAll(MetadataFilter.eq(MemoryKind.AUTHOR_KEY, author));
      return answer("forgot " + removed + " item" + (removed == 1 ? "" : "s") + " by " + author,
          Map.of("removed", removed > 0, "count", removed));
    }
    if (subject != null) {
      int removed = memory(exchange).removeSubject(subject);
      return answer("forgot " + removed + " version" + (removed == 1 ? "" : "s") + " of " + subject,
          Map.of("removed", removed > 0, "count", removed));
    }
    boolean removed = memory(exchange).remove(id);
    return answer(removed ? "forgot " + id : "no item " + id, Map.of("removed", removed, "count", removed ? 1 : 0));
  }

  private CallToolResult history(ToolArguments arguments, McpSyncServerExchange exchange)
      throws ToolArguments.BadArgument {
    String subject = arguments.subject("subject");
    if (subject == null) {
      throw new ToolArguments.BadArgument("history needs a non-blank \"subject\" (text)");
    }
    List<MemoryVersion> versions = memory(exchange).history(subject);
    StringBuilder text = new StringBuilder(versions.isEmpty() ? "nothing saved on " + subject : "");
    List<Map<String, Object>> items = new ArrayList<>(versions.size());
    for (MemoryVersion v : versions) {
      Map<String, Object> item = new LinkedHashMap<>();
      item.put("id", v.id());
      item.put("text", v.text());
      item.put("kind", v.kind().configName());
      if (v.author() != null) {
        item.put("author", v.author());
      }
      putTimes(item, v.subject(), v.validFrom(), v.validTo(), v.supersededBy());
      text.append(String.format(Locale.ROOT, "%s (%s): %s%s%n", v.id(), v.kind().configName(), v.text(),
          inTime(item)));
      items.add(item);
    }
    return answer(text.toString().strip(), Map.of("items", items));
  }

  /** The times of an item a model reads: " [subject, valid 2026-01-01T00:00:00Z to 2026-03-01T00:00:00Z]". */
  private static String inTime(Map<String, Object> item) {
    if (!item.containsKey("subject") && !item.containsKey("valid_from")) {
      return "";
    }
    return " [" + (item.containsKey("subject") ? item.get("subject") + ", " : "") + "valid "
        + item.getOrDefault("valid_from", "?") + " to " + item.getOrDefault("valid_to", "now")
        + (item.containsKey("superseded_by") ? ", superseded by " + item.get("superseded_by") : "") + "]";
  }

  private static void putTimes(Map<String, Object> item, String subject, Instant validFrom, Instant validTo,
      String supersededBy) {
    if (subject != null) {
      item.put("subject", subject);
    }
    if (validFrom != null) {
      item.put("valid_from", validFrom.toString());
    }
    if (validTo != null) {
      item.put("valid_to", validTo.toString());
    }
    if (supersededBy != null) {
      item.put("superseded_by", supersededBy);
    }
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
    putTimes(item, r.subject(), r.validFrom(), r.validTo(), r.supersededBy());
    return item;
  }

}
