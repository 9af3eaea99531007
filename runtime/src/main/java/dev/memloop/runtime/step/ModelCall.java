package dev.memloop.runtime.step;

/**
 * One call a reasoner made to a chat model while it decided a step, retries included: who served it, what it cost
 * and how it ended. What the {@code chat} span of a step's trace is made from. Immutable.
 *
 * @param provider the provider as the OpenTelemetry GenAI conventions name it ({@code openai}, {@code anthropic},
 *     {@code ollama}...)
 * @param model the model asked for; {@code responseModel} the model that answered, when the server said (else null)
 * @param finishReason why the model stopped ({@code stop}, {@code tool_execution}, {@code length}...), or null
 * @param toolCalls the tool calls the answer asked for (each recorded as a {@link ToolCall} after it)
 * @param nanos from the request to the answer, backoffs between retries included
 */
public record ModelCall(String provider, String model, String responseModel, String finishReason, long inputTokens,
    long outputTokens, int toolCalls, long nanos) {

  public ModelCall {
    if (provider == null || provider.isBlank() || model == null || model.isBlank()) {
      throw new IllegalArgumentException("a model call needs its provider and model: " + provider + ", " + model);
    }
    if (inputTokens < 0 || outputTokens < 0 || toolCalls < 0 || nanos < 0) {
      throw new IllegalArgumentException("model call counts and times must be >= 0: " + inputTokens + ", "
          + outputTokens + ", " + toolCalls + ", " + nanos);
    }
  }
}
