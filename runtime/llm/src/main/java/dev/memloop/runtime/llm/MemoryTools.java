package dev.memloop.runtime.llm;

import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.model.chat.request.json.JsonArraySchema;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonStringSchema;
import dev.memloop.memory.MemoryKind;
import dev.memloop.memory.MemoryQuery;
import dev.memloop.memory.Recall;
import dev.memloop.memory.tools.MemoryToolDefinitions;
import dev.memloop.memory.tools.MemoryToolSpec;
import dev.memloop.memory.tools.ToolArguments;
import dev.memloop.memory.tools.ToolParameter;
import dev.memloop.runtime.step.Matched;
import dev.memloop.runtime.step.MemoryOutcome;
import dev.memloop.runtime.step.Recalled;
import dev.memloop.runtime.step.Remembered;
import dev.memloop.runtime.step.StepMemory;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The step's memory handle as tools a model can call: {@code remember(text)}, {@code recall(query, k)} and
 * {@code match(text, threshold)}. Each call goes through the handle, so it is served by the agent's policy, charged
 * to its budget and recorded like any memory call; a read the budget cannot afford tells the model so. Runs on the
 * reasoner's thread: the handle hands the call to the agent and this thread waits for its answer (never the
 * agent's own thread, where waiting would never end).
 */
final class MemoryTools {

  private static final String OWNER = "your memory";

  static final String REMEMBER = MemoryToolDefinitions.REMEMBER;
  static final String RECALL = MemoryToolDefinitions.RECALL;
  static final String MATCH = MemoryToolDefinitions.MATCH;
  static final Set<String> NAMES = Set.of(REMEMBER, RECALL, MATCH);

  /** The tools as memory-actor defines them, with the parameters the step's memory handle takes. */
  static final List<MemoryToolSpec> TOOLS = List.of(
      MemoryToolDefinitions.remember(OWNER).only("text", "subject"),
      MemoryToolDefinitions.recall(OWNER, "default: your agent's", "off by default")
          .only("query", "k", "as_of", "include_superseded"),
      MemoryToolDefinitions.match(OWNER, "default: your agent's").only("text", "threshold"));

  /** {@link #TOOLS} as langchain4j's tool specifications. */
  static final List<ToolSpecification> SPECS = TOOLS.stream().map(MemoryTools::specification).toList();

  private MemoryTools() {}

  /** What a memory tool call told the model, and how it went. */
  record Result(String text, boolean failed) {}

  /**
   * Runs one memory tool call.
   *
   * @throws ToolArguments.BadArgument when the arguments are not what the tool needs (nothing ran)
   */
  static Result execute(String name, ToolArguments arguments, StepMemory memory, int defaultK)
      throws ToolArguments.BadArgument {
    for (MemoryToolSpec tool : TOOLS) {
      if (tool.name().equals(name)) {
        arguments.onlyFrom(tool); // a misspelt argument is named to the model, never dropped
      }
    }
    switch (name) {
      case REMEMBER -> {
        String text = arguments.text("text");
        String subject = arguments.subject("subject");
        Remembered written = (subject == null ? memory.remember(text) : memory.remember(text, subject))
            .toCompletableFuture().join();
        return new Result(written.kept() ? "saved" + (written.id() == null ? " (stored when this turn ends)"
            : " as " + written.id()) : "not saved: " + describe(written.outcome(), written.reason()), !written.kept());
      }
      case RECALL -> {
        String query = arguments.text("query");
        int k = arguments.whole("k", defaultK, 1, MemoryToolDefinitions.MAX_K);
        java.time.Instant asOf = arguments.instant("as_of");
        boolean everyVersion = arguments.flag("include_superseded", false);
        if (asOf != null && everyVersion) {
          throw new ToolArguments.BadArgument("recall takes \"as_of\" or \"include_superseded\", not both");
        }
        MemoryQuery.Builder inTime = MemoryQuery.text(query).k(k).kinds(MemoryKind.NOTE);
        if (asOf != null) {
          inTime.asOf(asOf);
        } else if (everyVersion) {
          inTime.includeSuperseded();
        }
        Recalled found = (asOf == null && !everyVersion ? memory.recall(query, k) : memory.search(inTime.build()))
            .toCompletableFuture().join();
        if (!found.answered()) {
          return new Result("unavailable: " + describe(found.outcome(), null), true);
        }
        return new Result(found.items().isEmpty() ? "no notes saved" : notes(found.items()), false);
      }
      case MATCH -> {
        String text = arguments.text("text");
        double threshold = arguments.decimal("threshold", Double.NaN, -1, 1);
        Matched match = (Double.isNaN(threshold) ? memory.seen(text) : memory.match(text, threshold))
            .toCompletableFuture().join();
        if (!match.answered()) {
          return new Result("unavailable: " + describe(match.outcome(), null), true);
        }
        return new Result(match.found() ? String.format(Locale.ROOT, "yes: %s (similarity %.3f)", match.best().text(),
            match.best().similarity()) : "no such note", false);
      }
      default -> throw new IllegalArgumentException("not a memory tool: " + name);
    }
  }

  /** A memory tool as langchain4j's tool specification. */
  static ToolSpecification specification(MemoryToolSpec tool) {
    JsonObjectSchema.Builder parameters = JsonObjectSchema.builder();
    for (ToolParameter p : tool.parameters()) {
      switch (p.type()) {
        case STRING -> parameters.addStringProperty(p.name(), p.description());
        case INTEGER -> parameters.addIntegerProperty(p.name(), p.description());
        case NUMBER -> parameters.addNumberProperty(p.name(), p.description());
        case BOOLEAN -> parameters.addBooleanProperty(p.name(), p.description());
        case OBJECT -> parameters.addProperty(p.name(), JsonObjectSchema.builder().description(p.description()).build());
        case STRING_ARRAY -> parameters.addProperty(p.name(), JsonArraySchema.builder().description(p.description())
            .items(new JsonStringSchema()).build());
      }
    }
    return ToolSpecification.builder().name(tool.name()).description(tool.description())
        .parameters(parameters.required(tool.required()).build()).build();
  }

  private static String notes(List<Recall> items) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < items.size(); i++) {
      Recall r = items.get(i);
      out.append(i == 0 ? "" : "\n").append(i + 1).append(". ").append(r.text());
      if (r.validTo() != null) { // a superseded version, asked for: say when it was true
        out.append(" (true ").append(r.validFrom()).append(" to ").append(r.validTo()).append(')');
      }
    }
    return out.toString();
  }

  private static String describe(MemoryOutcome outcome, String reason) {
    return switch (outcome) {
      case UNAFFORDABLE -> "this turn's latency budget cannot afford a memory read now; go on without it";
      case TIMED_OUT -> "the memory did not answer in time; go on without it";
      case NO_MEMORY -> "this agent has no memory";
      default -> outcome.name().toLowerCase(Locale.ROOT) + (reason == null ? "" : ": " + reason);
    };
  }
}
