package dev.memloop.agents.llm;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.memloop.agents.trip.TripCondition;
import dev.memloop.agents.trip.TripModel;
import dev.memloop.agents.trip.TripTools;
import dev.memloop.runtime.llm.ChatCalls;
import java.util.ArrayList;
import java.util.List;

/**
 * The trip task driven by a real chat model: each turn sends the condition's prompt (a versioned file under
 * {@code prompts/}), the visible window as alternating user and assistant messages, and the new user message;
 * in the memory condition the model may call remember and recall, whose results go back to it until it answers
 * in text (at most {@link #MAX_TOOL_ROUNDS} rounds).
 */
public final class LlmTripModel implements TripModel {

  public static final int MAX_TOOL_ROUNDS = 8;

  private final ChatCalls calls;

  public LlmTripModel(ChatCalls calls) {
    this.calls = calls;
  }

  @Override
  public String reply(TripCondition condition, List<String> window, String userMessage, int turn, boolean lastTurn,
      TripTools tools) {
    List<ChatMessage> messages = new ArrayList<>();
    messages.add(SystemMessage.from(condition.systemPrompt()));
    for (int i = 0; i < window.size(); i++) { // the window alternates user and assistant, oldest first
      boolean user = (window.size() - i) % 2 == 0;
      messages.add(user ? UserMessage.from(window.get(i)) : AiMessage.from(window.get(i)));
    }
    messages.add(UserMessage.from(userMessage));
    for (int round = 0; ; round++) {
      ChatRequest.Builder request = ChatRequest.builder().messages(messages);
      if (tools != null && round < MAX_TOOL_ROUNDS) {
        request.toolSpecifications(MemoryToolSpecs.SPECS);
      }
      ChatResponse response = calls.chat(request.build());
      AiMessage answer = response.aiMessage();
      if (!answer.hasToolExecutionRequests() || tools == null) {
        return answer.text() == null ? "" : answer.text();
      }
      messages.add(answer);
      for (ToolExecutionRequest call : answer.toolExecutionRequests()) {
        messages.add(ToolExecutionResultMessage.from(call, MemoryToolSpecs.execute(call, tools, calls.counters())));
      }
    }
  }
}
