package dev.memloop.runtime.llm;

import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.memloop.memory.Recall;
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

  static final String REMEMBER = "remember";
  static final String RECALL = "recall";
  static final String MATCH = "match";
  static final Set<String> NAMES = Set.of(REMEMBER, RECALL, MATCH);
  static final int MAX_K = 64;

  static final List<ToolSpecification> SPECS = List.of(
      ToolSpecification.builder().name(REMEMBER).description("Save a note to your memory, for later steps and turns.")
          .parameters(JsonObjectSchema.builder().addStringProperty("text", "the note to save").required("text").build())
          .build(),
      ToolSpecification.builder().name(RECALL).description("Return the saved notes most relevant to a query.")
          .parameters(JsonObjectSchema.builder().addStringProperty("query", "what to look for")
              .addIntegerProperty("k", "how many notes, at most " + MAX_K + " (default: your agent's)")
              .required("query").build())
          .build(),
      ToolSpecification.builder().name(MATCH).description("Whether a note like this one is saved already, and which.")
          .parameters(JsonObjectSchema.builder().addStringProperty("text", "the note to look for")
              .addNumberProperty("threshold", "similarity in [-1, 1] a match must reach (default: your agent's)")
              .required("text").build())
          .build());

  private MemoryTools() {}

  /** What a memory tool call told the model, and how it went. */
  record Result(String text, boolean failed) {}

  /**
   * Runs one memory tool call.
   *
   * @throws ToolArguments.BadArguments when the arguments are not what the tool needs (nothing ran)
   */
  static Result execute(String name, ToolArguments arguments, StepMemory memory, int defaultK)
      throws ToolArguments.BadArguments {
    switch (name) {
      case REMEMBER -> {
        Remembered written = memory.remember(arguments.text("text")).toCompletableFuture().join();
        return new Result(written.kept() ? "saved" + (written.id() == null ? " (stored when this turn ends)"
            : " as " + written.id()) : "not saved: " + describe(written.outcome(), written.reason()), !written.kept());
      }
      case RECALL -> {
        Recalled found = memory.recall(arguments.text("query"), arguments.number("k", defaultK, 1, MAX_K))
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

  private static String notes(List<Recall> items) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < items.size(); i++) {
      out.append(i == 0 ? "" : "\n").append(i + 1).append(". ").append(items.get(i).text());
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
