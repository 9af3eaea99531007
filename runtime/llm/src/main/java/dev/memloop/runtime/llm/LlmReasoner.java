package dev.memloop.runtime.llm;

import dev.memloop.memory.tools.MemoryToolDefinitions;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.memloop.runtime.Reasoner;
import dev.memloop.runtime.ReasonerFactory;
import dev.memloop.runtime.config.ToolSettings;
import dev.memloop.runtime.step.Decision;
import dev.memloop.runtime.step.StepContext;
import dev.memloop.runtime.step.WindowMessage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;

/**
 * A reasoner that asks a chat model, any langchain4j {@link ChatModel}, how to answer each step, and runs the tool
 * calls it makes within the step: the step's memory as tools ({@code remember}, {@code recall}, {@code match},
 * served by the agent's policy and charged to its budget like any memory call) beside the user's own
 * ({@link Tools}), bounded per step and recorded in the decision ({@link Decision#toolCalls()}). The model takes
 * the step's action by calling {@code act(action)} ({@code memloop.agent.tools.act}, on by default): the decision is
 * then {@link Decision#act}, guarded and executed by the runtime like any action. Otherwise the model's final text
 * becomes the step's {@link Decision} through a {@link DecisionReader} (by default a reply). Every call runs on
 * the agent's blocking executor, never the default dispatcher; the agent waits for the answer as a message.
 *
 * <pre>{@code
 * ReasonerFactory reasoners = LlmReasoner.builder(chatModel)
 *     .systemPrompt("You plan trips. Save what the user requires; recall it before you answer.")
 *     .tools(Tools.builder().add(new Weather()).build())
 *     .factory();
 * AgentSpec spec = AgentSpec.builder("planner-1").reasoners(reasoners).build();
 * }</pre>
 *
 * <p>One reasoner per agent (the factory makes it), used one step at a time.
 */
public final class LlmReasoner implements Reasoner {

  /** How a step is put to the model: the messages of the first request. */
  @FunctionalInterface
  public interface StepPrompt {
    List<ChatMessage> messages(StepContext step);
  }

  /** How the model's final text becomes the step's decision; throwing fails the step (and it is recorded). */
  @FunctionalInterface
  public interface DecisionReader {
    Decision read(String text, StepContext step);
  }

  private final ChatCalls calls;
  private final StepPrompt prompt;
  private final DecisionReader reader;
  private final Tools tools;
  private final ToolSettings settings;
  private final int recallK;
  private final Executor blocking;

  private LlmReasoner(Builder b, ToolSettings settings, int recallK, Executor blocking) {
    this.calls = b.calls;
    this.prompt = b.prompt;
    this.reader = b.reader;
    this.tools = b.tools;
    this.settings = settings;
    this.recallK = recallK;
    this.blocking = blocking;
  }

  /** A reasoner on {@code calls}: an OpenAI-compatible server from {@code memloop.llm}, or a model of one's own. */
  public static Builder builder(ChatCalls calls) {
    return new Builder(calls);
  }

  /**
   * A reasoner on a model of the user's own (Ollama, Anthropic, Gemini, a local server: any langchain4j chat model),
   * with its own client settings; 429 and 5xx answers are retried 3 times from a 500 ms backoff, with full jitter.
   */
  public static Builder builder(ChatModel model) {
    if (model == null) {
      throw new IllegalArgumentException("an LLM reasoner needs a chat model");
    }
    return new Builder(ChatCalls.of(model, nameOf(model), 3, Duration.ofMillis(500), new LlmCounters()));
  }

  /** How records name a model: its default model name, else its class. */
  static String nameOf(ChatModel model) {
    String name = model.defaultRequestParameters() == null ? null : model.defaultRequestParameters().modelName();
    if (name != null && !name.isBlank()) {
      return name;
    }
    return model.getClass().getSimpleName().isBlank() ? model.getClass().getName() : model.getClass().getSimpleName();
  }

  @Override
  public CompletionStage<Decision> decide(StepContext step) {
    return CompletableFuture.supplyAsync(() -> {
      ToolLoop.Answer answer = new ToolLoop(calls, tools, settings, recallK, step.agentId(), step.memory())
          .run(prompt.messages(step));
      Decision decision = answer.action() != null ? Decision.act(answer.action()) : reader.read(answer.text(), step);
      if (decision == null) {
        throw new IllegalStateException("the decision reader made nothing of the model's answer");
      }
      return decision.withToolCalls(answer.toolCalls()).withModelCalls(answer.modelCalls());
    }, blocking);
  }

  /**
   * The default prompt: the system prompt, the notes the policy pinned (per-turn), the context window as alternating
   * user and assistant messages, and the observation as the user's message.
   */
  public static StepPrompt conversation(String systemPrompt) {
    return step -> {
      List<ChatMessage> messages = new ArrayList<>();
      StringBuilder system = new StringBuilder(systemPrompt);
      if (!step.pinned().isEmpty()) {
        system.append("\n\nNotes from your memory:");
        step.pinned().forEach(note -> system.append("\n- ").append(note));
      }
      messages.add(SystemMessage.from(system.toString()));
      for (WindowMessage m : step.window()) {
        messages.add(m.role() == WindowMessage.Role.OBSERVATION ? UserMessage.from(m.text()) : AiMessage.from(m.text()));
      }
      messages.add(UserMessage.from(step.observation().text()));
      return messages;
    };
  }

  /** Builds the reasoners of one kind of agent; the tool settings not given here come from each agent's config. */
  public static final class Builder {

    private final ChatCalls calls;
    private StepPrompt prompt = conversation("You are a helpful agent.");
    private DecisionReader reader = (text, step) -> Decision.reply(text);
    private Tools tools = Tools.NONE;
    private ToolSettings settings; // null: memloop.agent.tools of the agent
    private Integer recallK; // null: memloop.agent.memory.k of the agent

    private Builder(ChatCalls calls) {
      if (calls == null) {
        throw new IllegalArgumentException("an LLM reasoner needs its chat calls");
      }
      this.calls = calls;
    }

    /**
     * The counters of every model call this builder's reasoners make (calls, retries, failures, timeouts, tokens by
     * model, tool errors): shared by all the agents the factory makes, readable while they run.
     */
    public LlmCounters counters() {
      return calls.counters();
    }

    /** The default {@link #conversation} prompt with this system prompt. */
    public Builder systemPrompt(String text) {
      if (text == null || text.isBlank()) {
        throw new IllegalArgumentException("the system prompt must not be blank");
      }
      this.prompt = conversation(text);
      return this;
    }

    public Builder prompt(StepPrompt newPrompt) {
      this.prompt = require(newPrompt, "prompt");
      return this;
    }

    public Builder decisions(DecisionReader newReader) {
      this.reader = require(newReader, "decision reader");
      return this;
    }

    public Builder tools(Tools newTools) {
      this.tools = require(newTools, "tools");
      return this;
    }

    /** Tool settings for every agent of this reasoner, over their configs' {@code memloop.agent.tools}. */
    public Builder toolSettings(ToolSettings newSettings) {
      this.settings = require(newSettings, "tool settings");
      return this;
    }

    /** How many notes a recall the model makes without naming k returns (default: the agent's memory.k). */
    public Builder recallK(int k) {
      if (k <= 0 || k > MemoryToolDefinitions.MAX_K) {
        throw new IllegalArgumentException("recall k must be in [1, " + MemoryToolDefinitions.MAX_K + "]: " + k);
      }
      this.recallK = k;
      return this;
    }

    /** Makes each agent its reasoner when it starts, on the agent's blocking executor. */
    public ReasonerFactory factory() {
      StepPrompt p = prompt;
      DecisionReader r = reader;
      Tools t = tools;
      ToolSettings s = settings;
      Integer k = recallK;
      Builder frozen = new Builder(calls).prompt(p).decisions(r).tools(t);
      return context -> new LlmReasoner(frozen, s != null ? s : context.config().tools(),
          k != null ? k : context.config().memory().k(), context.blocking());
    }

    private static <T> T require(T value, String what) {
      if (value == null) {
        throw new IllegalArgumentException("the " + what + " must not be null");
      }
      return value;
    }
  }
}
