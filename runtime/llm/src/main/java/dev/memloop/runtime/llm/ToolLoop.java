package dev.memloop.runtime.llm;

import dev.memloop.memory.ItemIdentity;
import dev.memloop.memory.MemoryKind;
import dev.memloop.memory.MemoryQuery;
import dev.memloop.runtime.identity.IdentifierExtractor;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.TokenUsage;
import dev.langchain4j.service.tool.ToolExecutor;
import dev.memloop.runtime.config.ToolSettings;
import dev.memloop.memory.Recall;
import dev.memloop.memory.tools.ToolArguments;
import dev.memloop.runtime.step.ModelCall;
import dev.memloop.runtime.step.Recalled;
import dev.memloop.runtime.step.StepMemory;
import dev.memloop.runtime.step.ToolCall;
import dev.memloop.runtime.step.ToolOutcome;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletionException;

/**
 * One step's conversation with a model: ask, run the tool calls it makes (the step's memory as tools, and the
 * user's), give it their results, ask again, until it answers in text. At most {@code maxCallsPerStep} tool calls
 * run; past them the loop is cut and the model is asked, without tools, to answer. Every call is recorded. A call
 * the model gets wrong (an unknown tool, arguments that are not JSON or lack a field) is answered to the model as a
 * tool error and counted, never thrown; a model that answers with neither a tool call nor text fails the step.
 * Runs on the reasoner's blocking executor; one loop per step, not shared.
 */
final class ToolLoop {

  /**
   * The model's answer: its text (null when it acted without one), the action it chose with {@code act} (null when
   * it chose none), and the tool calls it made on the way.
   */
  record Answer(String text, String action, List<ToolCall> toolCalls, List<ModelCall> modelCalls) {}

  private final ChatCalls calls;
  private final Tools tools;
  private final ToolSettings settings;
  private final int recallK;
  private final String agentId;
  private final StepMemory memory;
  private final List<ToolCall> log = new ArrayList<>();
  private final List<ModelCall> asked = new ArrayList<>();
  private String action; // chosen with act: the loop ends with the reply that chose it

  ToolLoop(ChatCalls calls, Tools tools, ToolSettings settings, int recallK, String agentId, StepMemory memory) {
    this.calls = calls;
    this.tools = tools;
    this.settings = settings;
    this.recallK = recallK;
    this.agentId = agentId;
    this.memory = memory;
  }

  Answer run(List<ChatMessage> messages) {
    List<ChatMessage> conversation = new ArrayList<>(messages);
    List<ToolSpecification> offered = offered();
    int made = 0;
    boolean cut = false;
    while (true) {
      boolean offer = !offered.isEmpty() && made < settings.maxCallsPerStep();
      ChatRequest.Builder request = ChatRequest.builder().messages(conversation);
      if (offer) {
        request.toolSpecifications(offered);
      }
      AiMessage answer = ask(request.build());
      if (!answer.hasToolExecutionRequests()) {
        if (answer.text() == null || answer.text().isBlank()) {
          calls.counters().malformedReply();
          throw new LlmCallException("the model answered with neither a tool call nor text", false);
        }
        return new Answer(answer.text(), null, log, asked);
      }
      if (!offer) { // it was asked to answer without tools and called one anyway
        if (cut) {
          throw new LlmCallException("the model kept calling tools after its " + settings.maxCallsPerStep()
              + " tool calls of this step were used", false);
        }
        cut = true;
      }
      conversation.add(answer);
      for (ToolExecutionRequest call : answer.toolExecutionRequests()) {
        String result;
        if (made >= settings.maxCallsPerStep()) {
          record(call, ToolOutcome.CUT, System.nanoTime(), null);
          result = "error: this step's " + settings.maxCallsPerStep() + " tool calls are used; answer now, without tools";
        } else {
          made++;
          result = execute(call);
        }
        conversation.add(ToolExecutionResultMessage.from(call, result));
      }
      if (action != null) { // the step's action is chosen: the runtime takes it from here
        return new Answer(answer.text(), action, log, asked);
      }
    }
  }

  /** One call to the model, recorded once it answered (a call that fails fails the step, which records it). */
  private AiMessage ask(ChatRequest request) {
    long start = System.nanoTime();
    ChatResponse response = calls.chat(request);
    TokenUsage usage = response.tokenUsage();
    AiMessage answer = response.aiMessage();
    asked.add(new ModelCall(calls.provider(), calls.modelName(), response.modelName(),
        GenAi.finishReason(response.finishReason()),
        Tokens.input(usage), Tokens.output(usage),
        answer.hasToolExecutionRequests() ? answer.toolExecutionRequests().size() : 0,
        Math.max(0, System.nanoTime() - start)));
    return answer;
  }

  private List<ToolSpecification> offered() {
    List<ToolSpecification> specs = new ArrayList<>();
    if (settings.memory()) {
      specs.addAll(MemoryTools.SPECS);
    }
    if (settings.act()) {
      specs.add(ActTool.SPEC);
    }
    specs.addAll(tools.specifications());
    return specs;
  }

  /** Runs one call and returns what to tell the model. */
  private String execute(ToolExecutionRequest call) {
    long start = System.nanoTime();
    String name = call.name();
    boolean memoryTool = settings.memory() && MemoryTools.NAMES.contains(name);
    boolean actTool = settings.act() && ActTool.NAME.equals(name);
    ToolExecutor executor = memoryTool || actTool ? null : tools.executor(name);
    if (!memoryTool && !actTool && executor == null) {
      calls.counters().toolError();
      record(call, ToolOutcome.UNKNOWN_TOOL, start, null);
      return "error: there is no tool named '" + name + "'; your tools are " + names();
    }
    ToolArguments arguments;
    try {
      arguments = ToolArguments.parse(name, call.arguments());
      if (actTool) {
        String chosen = arguments.text("action");
        if (action != null) {
          record(call, ToolOutcome.FAILED, start, "a second action in one step");
          return ActTool.second(action);
        }
        action = chosen;
        record(call, ToolOutcome.DONE, start, null);
        return ActTool.chosen(chosen);
      }
      if (memoryTool) {
        MemoryTools.Result result = MemoryTools.execute(name, arguments, memory, recallK);
        record(call, result.failed() ? ToolOutcome.FAILED : ToolOutcome.DONE, start, result.failed() ? result.text() : null,
            result.text());
        return result.text();
      }
    } catch (ToolArguments.BadArgument bad) {
      calls.counters().toolError();
      record(call, ToolOutcome.BAD_ARGUMENTS, start, bad.getMessage());
      return "error: " + bad.getMessage();
    } catch (RuntimeException failed) {
      record(call, ToolOutcome.FAILED, start, message(failed));
      return "error: " + message(failed);
    }
    return runUserTool(call, executor, arguments, start);
  }

  /** A user's tool, behind the tool guard, and written to memory once it ran if so configured. */
  private String runUserTool(ToolExecutionRequest call, ToolExecutor executor, ToolArguments arguments, long start) {
    String line = call.name() + " " + arguments.canonical();
    String repeat = null;
    if (settings.guard() != ToolSettings.Guard.OFF) {
      repeat = repeatOf(call.name(), line, arguments);
      if (repeat != null) {
        if (settings.guard() == ToolSettings.Guard.BLOCK) {
          record(call, ToolOutcome.BLOCKED, start, repeat);
          return "blocked: " + repeat + "; use what that call returned, or call something else";
        }
      }
    }
    String output;
    try {
      output = executor.execute(call, agentId);
    } catch (RuntimeException failed) {
      record(call, ToolOutcome.FAILED, start, message(failed));
      return "error: " + message(failed);
    }
    if (settings.rememberCalls()) {
      String identity = identityOf(arguments);
      join(memory.remember(MemoryKind.TOOL_CALL, line, identity == null ? Map.of("tool", call.name())
          : Map.of("tool", call.name(), ItemIdentity.KEY, identity)));
    }
    record(call, repeat == null ? ToolOutcome.DONE : ToolOutcome.FLAGGED, start, repeat, output);
    String text = output == null ? "done" : output;
    return repeat == null ? text : "note: " + repeat + "\n" + text;
  }

  /**
   * Which earlier call {@code line} repeats, said for the model, or null: by default one with the same tool and the
   * same arguments (the line is canonical), found among the remembered calls nearest to it; for a tool listed under
   * {@code tools.semantic-guard}, the nearest remembered line at that tool's threshold.
   */
  private String repeatOf(String tool, String line, ToolArguments arguments) {
    Double semantic = settings.semanticGuard().get(tool);
    if (semantic != null) {
      // as the action guard: among the earlier calls that name the same identifiers (dates, ids, amounts), by meaning
      String identity = identityOf(arguments);
      Recalled seen = join(memory.search(MemoryQuery.text(line).k(1).minScore(semantic).kinds(MemoryKind.TOOL_CALL)
          .identity(identity == null ? ItemIdentity.NONE : identity).build()));
      return seen.items().isEmpty() ? null : String.format(Locale.ROOT, "it repeats an earlier call, %s (similarity "
          + "%.3f)", seen.items().get(0).text(), seen.items().get(0).similarity());
    }
    Recalled nearest = join(memory.recall(line, EXACT_CANDIDATES, MemoryKind.TOOL_CALL));
    for (Recall earlier : nearest.items()) {
      if (line.equals(earlier.text())) {
        return "it repeats an earlier call with the same arguments, " + earlier.text();
      }
    }
    return null;
  }

  /** The identity of a call's argument values, read as the action guard reads a line; null when they name nothing. */
  private static String identityOf(ToolArguments arguments) {
    return IdentifierExtractor.standard().extract(arguments.prose()).identity();
  }

  /** Remembered calls looked at for an exact repeat: an equal line embeds alike, so it is among the nearest. */
  private static final int EXACT_CANDIDATES = 4;

  private void record(ToolExecutionRequest call, ToolOutcome outcome, long start, String note) {
    record(call, outcome, start, note, null);
  }

  /** Records a call with the start of its output (tools.record-output bytes), redacted as its note is. */
  private void record(ToolExecutionRequest call, ToolOutcome outcome, long start, String note, String output) {
    // redacted whole, then cut (a secret cut in two would escape the redaction); not at all when none is kept
    String kept = output == null || settings.recordOutput() == 0 ? null
        : ToolCall.kept(calls.redact(output), settings.recordOutput());
    log.add(new ToolCall(call.name(), call.arguments() == null ? 0 : call.arguments().length(), outcome,
        Math.max(0, System.nanoTime() - start), note == null ? null : calls.redact(note), kept));
  }

  private String names() {
    List<String> names = new ArrayList<>();
    if (settings.memory()) {
      names.addAll(List.of(MemoryTools.REMEMBER, MemoryTools.RECALL, MemoryTools.MATCH));
    }
    if (settings.act()) {
      names.add(ActTool.NAME);
    }
    tools.specifications().forEach(spec -> names.add(spec.name()));
    return names.isEmpty() ? "none" : String.join(", ", names);
  }

  private static <T> T join(java.util.concurrent.CompletionStage<T> stage) {
    return stage.toCompletableFuture().join(); // this thread is the reasoner's, never the agent's
  }

  private static String message(Throwable failed) {
    Throwable cause = failed instanceof CompletionException && failed.getCause() != null ? failed.getCause() : failed;
    return cause.getClass().getSimpleName() + ": " + cause.getMessage();
  }
}
