package dev.memloop.agents.llm;

import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.memloop.memory.Inputs;
import dev.memloop.runtime.config.ToolSettings;
import dev.memloop.runtime.llm.ChatCalls;
import dev.memloop.runtime.llm.LlmCounters;
import dev.memloop.runtime.llm.LlmReasoner;
import dev.memloop.runtime.llm.Prompts;
import dev.memloop.runtime.step.Decision;
import dev.memloop.runtime.step.StepContext;
import dev.memloop.runtime.step.WindowMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The triage task put to a chat model (the paper's Table 4 arm): per alert, the versioned prompt
 * {@value #PROMPT}, what the policy pinned, the window of recent alerts and answers, and the new alert; the model
 * answers {@code investigate host=H sig=S} or {@code skip host=H sig=S}, and the runtime's code guard matches the
 * action line against memory before any investigation runs. In the paper's arm ({@link #NO_TOOLS}) the model sees
 * only its window and what was pinned; with the memory as tools it may also recall before it answers.
 */
public final class TriagePrompt {

  public static final String PROMPT = "triage-v1.txt";
  /** The paper's triage arm: the model has no tools; the code guard does the remembering. */
  public static final ToolSettings NO_TOOLS = ToolSettings.NONE;
  private static final Pattern LINE = Pattern.compile("\\b(investigate|skip)\\s+host=([\\w.:-]*\\w)\\s+sig=([\\w.:-]*\\w)",
      Pattern.CASE_INSENSITIVE);

  private TriagePrompt() {}

  /**
   * A triage reasoner on {@code calls}: the prompt and the answer's reading; its tools are the agent's
   * {@code memloop.agent.tools} unless set on the builder ({@link #NO_TOOLS} for the paper's arm).
   */
  public static LlmReasoner.Builder reasoner(ChatCalls calls) {
    String system = Prompts.load(PROMPT);
    return LlmReasoner.builder(calls).prompt(step -> messages(system, step))
        .decisions((text, step) -> decision(text, step, calls.counters()));
  }

  static List<ChatMessage> messages(String systemPrompt, StepContext context) {
    List<ChatMessage> messages = new ArrayList<>();
    messages.add(SystemMessage.from(systemPrompt));
    StringBuilder user = new StringBuilder();
    if (!context.pinned().isEmpty()) {
      user.append("Already investigated (from memory):\n");
      context.pinned().forEach(line -> user.append(line).append('\n'));
      user.append('\n');
    }
    if (!context.window().isEmpty()) {
      user.append("Recent alerts and your answers:\n");
      for (WindowMessage m : context.window()) {
        user.append(m.role() == WindowMessage.Role.OBSERVATION ? "alert: " : "you: ").append(m.text()).append('\n');
      }
      user.append('\n');
    }
    user.append("New alert:\n").append(context.observation().text());
    messages.add(UserMessage.from(user.toString()));
    return messages;
  }

  /** The answer's action line, as a decision; an answer without one fails the step. */
  static Decision decision(String reply, StepContext context, LlmCounters counters) {
    Matcher m = LINE.matcher(reply == null ? "" : reply);
    if (!m.find()) {
      counters.malformedReply();
      throw new IllegalStateException("the model's answer has no action line: " + Inputs.show(reply));
    }
    String line = "investigate host=" + m.group(2) + " sig=" + m.group(3);
    if (m.group(1).toLowerCase(Locale.ROOT).equals("investigate")) {
      return Decision.act(line);
    }
    return Decision.skip(line, context.pinned().contains(line) ? Decision.Recognition.PINNED : Decision.Recognition.WINDOW);
  }
}
