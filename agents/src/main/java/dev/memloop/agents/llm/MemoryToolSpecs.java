package dev.memloop.agents.llm;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.memloop.agents.trip.TripTools;
import dev.memloop.runtime.llm.LlmCounters;
import java.util.List;

/**
 * The memory condition's tools as the model sees them: {@code remember(text)} and {@code recall(query)}, with
 * their execution against the agent's own working memory. A call the model gets wrong (unknown tool, arguments
 * that are not JSON or lack the field) is answered to the model as a tool error and counted, never thrown.
 */
public final class MemoryToolSpecs {

  public static final List<ToolSpecification> SPECS = List.of(
      ToolSpecification.builder().name("remember").description("Save a note to your memory for later turns.")
          .parameters(JsonObjectSchema.builder().addStringProperty("text", "the note to save").required("text").build())
          .build(),
      ToolSpecification.builder().name("recall").description("Return the saved notes most relevant to the query.")
          .parameters(JsonObjectSchema.builder().addStringProperty("query", "what to look for").required("query").build())
          .build());

  private static final com.fasterxml.jackson.databind.ObjectMapper JSON = new com.fasterxml.jackson.databind.ObjectMapper();

  private MemoryToolSpecs() {}

  /** Executes one tool call and returns what to tell the model. */
  public static String execute(ToolExecutionRequest request, TripTools tools, LlmCounters counters) {
    String field = "remember".equals(request.name()) ? "text" : "recall".equals(request.name()) ? "query" : null;
    if (field == null) {
      counters.toolError();
      return "error: no tool named '" + request.name() + "'; the tools are remember(text) and recall(query)";
    }
    String value;
    try {
      com.fasterxml.jackson.databind.JsonNode arguments = JSON.readTree(request.arguments());
      value = arguments == null ? null : arguments.path(field).asText(null);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      counters.toolError();
      return "error: the arguments of " + request.name() + " are not JSON: " + request.arguments();
    }
    if (value == null || value.isBlank()) {
      counters.toolError();
      return "error: " + request.name() + " needs a non-blank \"" + field + "\" argument";
    }
    if (field.equals("text")) {
      return "saved as " + tools.remember(value);
    }
    List<String> notes = tools.recall(value);
    return notes.isEmpty() ? "no notes saved" : String.join("\n", notes);
  }
}
