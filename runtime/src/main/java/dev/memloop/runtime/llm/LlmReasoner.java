package dev.memloop.runtime.llm;

import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.memloop.runtime.Reasoner;
import dev.memloop.runtime.step.Decision;
import dev.memloop.runtime.step.StepContext;
import dev.memloop.runtime.step.WindowMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A reasoner that asks a chat model, once per step, to investigate or skip an alert, answering with an action
 * line ({@code investigate host=H sig=S} or {@code skip host=H sig=S}) that the code guard then matches. The
 * call runs on the given blocking executor and comes back to the agent as a message; a failed call, a timeout
 * or an answer without an action line fails the step, which the agent records.
 */
public final class LlmReasoner implements Reasoner {

  public static final String TRIAGE_PROMPT = "triage-v1.txt";
  private static final Pattern LINE = Pattern.compile("\\b(investigate|skip)\\s+host=([\\w.:-]*\\w)\\s+sig=([\\w.:-]*\\w)",
      Pattern.CASE_INSENSITIVE);

  private final ChatCalls calls;
  private final Executor blocking;
  private final String systemPrompt;

  public LlmReasoner(ChatCalls calls, Executor blocking) {
    this(calls, blocking, Prompts.load(TRIAGE_PROMPT));
  }

  LlmReasoner(ChatCalls calls, Executor blocking, String systemPrompt) {
    this.calls = calls;
    this.blocking = blocking;
    this.systemPrompt = systemPrompt;
  }

  @Override
  public CompletionStage<Decision> decide(StepContext context) {
    ChatRequest request = ChatRequest.builder().messages(messages(context)).build();
    return CompletableFuture.supplyAsync(() -> parse(calls.chat(request).aiMessage().text(), context), blocking);
  }

  List<ChatMessage> messages(StepContext context) {
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

  Decision parse(String reply, StepContext context) {
    Matcher m = LINE.matcher(reply == null ? "" : reply);
    if (!m.find()) {
      calls.counters().malformedReply();
      throw new IllegalStateException("the model's answer has no action line: '" + abbreviate(reply) + "'");
    }
    String line = "investigate host=" + m.group(2) + " sig=" + m.group(3);
    if (m.group(1).toLowerCase(Locale.ROOT).equals("investigate")) {
      return Decision.act(line);
    }
    return Decision.skip(line, context.pinned().contains(line) ? Decision.Recognition.PINNED : Decision.Recognition.WINDOW);
  }

  private static String abbreviate(String text) {
    return text == null ? "null" : text.length() <= 120 ? text : text.substring(0, 117) + "...";
  }
}
