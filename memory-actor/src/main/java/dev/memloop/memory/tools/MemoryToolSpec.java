package dev.memloop.memory.tools;

import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * A memory tool as a model sees it: its name, what it does, its parameters. Each surface adapts it to its own
 * protocol (memloop-llm to a langchain4j {@code ToolSpecification}, memloop-mcp to an MCP tool with a JSON schema), so
 * that the names, schemas and limits are written once ({@link MemoryToolDefinitions}). Immutable.
 */
public record MemoryToolSpec(String name, String description, List<ToolParameter> parameters) {

  public MemoryToolSpec {
    if (name == null || name.isBlank() || description == null || parameters == null) {
      throw new IllegalArgumentException("a memory tool needs a name, a description and parameters: " + name);
    }
    parameters = List.copyOf(parameters);
  }

  /** This tool with only the parameters named (in this tool's order): for a surface that offers fewer. */
  public MemoryToolSpec only(String... names) {
    Set<String> kept = Set.of(names);
    List<ToolParameter> chosen = parameters.stream().filter(p -> kept.contains(p.name())).toList();
    if (chosen.size() != kept.size()) {
      throw new IllegalArgumentException(name + " has no parameter among " + Arrays.toString(names) + " but "
          + chosen.stream().map(ToolParameter::name).toList());
    }
    return new MemoryToolSpec(name, description, chosen);
  }

  /** The names of the parameters that must be given. */
  public List<String> required() {
    return parameters.stream().filter(ToolParameter::required).map(ToolParameter::name).toList();
  }
}
