package dev.memloop.runtime.llm;

import dev.langchain4j.agent.tool.Tool;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.agent.tool.ToolSpecifications;
import dev.langchain4j.service.tool.DefaultToolExecutor;
import dev.langchain4j.service.tool.ToolExecutor;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A user's tools for an LLM reasoner, as langchain4j describes them: objects with {@link Tool @Tool} methods (run by
 * langchain4j's {@link DefaultToolExecutor}), or tool specifications with executors of one's own. Names are unique,
 * and none is a memory tool's ({@code remember}, {@code recall}, {@code match}). Immutable once built; an executor
 * may be called from several agents' threads at once, so tools must be thread-safe.
 */
public final class Tools {

  /** No user tools. */
  public static final Tools NONE = new Tools(Map.of());

  private final Map<String, Entry> byName;

  private record Entry(ToolSpecification spec, ToolExecutor executor) {}

  private Tools(Map<String, Entry> byName) {
    this.byName = byName;
  }

  public static Builder builder() {
    return new Builder();
  }

  public List<ToolSpecification> specifications() {
    return byName.values().stream().map(Entry::spec).toList();
  }

  /** The executor of tool {@code name}, or null when there is none by that name. */
  public ToolExecutor executor(String name) {
    Entry entry = byName.get(name);
    return entry == null ? null : entry.executor();
  }

  public boolean isEmpty() {
    return byName.isEmpty();
  }

  /** Collects tools; refuses a duplicate or reserved name at once, naming it. Not thread-safe. */
  public static final class Builder {

    private final Map<String, Entry> byName = new LinkedHashMap<>();

    private Builder() {}

    /** Every {@link Tool @Tool} method of {@code object}, as langchain4j's AI services would offer them. */
    public Builder add(Object object) {
      if (object == null) {
        throw new IllegalArgumentException("a tool object must not be null");
      }
      List<Method> methods = new ArrayList<>();
      for (Method method : object.getClass().getDeclaredMethods()) {
        if (method.isAnnotationPresent(Tool.class)) {
          methods.add(method);
        }
      }
      if (methods.isEmpty()) {
        throw new IllegalArgumentException(object.getClass().getName() + " has no @Tool method");
      }
      for (Method method : methods) {
        add(ToolSpecifications.toolSpecificationFrom(method), new DefaultToolExecutor(object, method));
      }
      return this;
    }

    /** One tool: what the model is told of it, and what runs when it calls it. */
    public Builder add(ToolSpecification spec, ToolExecutor executor) {
      if (spec == null || executor == null) {
        throw new IllegalArgumentException("a tool needs its specification and its executor");
      }
      if (MemoryTools.NAMES.contains(spec.name()) || ActTool.NAME.equals(spec.name())) {
        throw new IllegalArgumentException("a tool cannot be named " + spec.name() + ": the runtime's tools "
            + MemoryTools.NAMES + " and " + ActTool.NAME + " use that name");
      }
      if (byName.putIfAbsent(spec.name(), new Entry(spec, executor)) != null) {
        throw new IllegalArgumentException("two tools are named " + spec.name());
      }
      return this;
    }

    /** Every tool of {@code tools} (another builder's, or an MCP server's), under the same rules. */
    public Builder add(Tools tools) {
      if (tools == null) {
        throw new IllegalArgumentException("tools must not be null");
      }
      tools.byName.forEach((name, entry) -> add(entry.spec(), entry.executor()));
      return this;
    }

    public Tools build() {
      return byName.isEmpty() ? NONE : new Tools(java.util.Collections.unmodifiableMap(new LinkedHashMap<>(byName)));
    }
  }
}
