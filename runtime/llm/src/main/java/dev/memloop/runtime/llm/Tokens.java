package dev.memloop.runtime.llm;

import dev.langchain4j.model.output.TokenUsage;

/** A model answer's token counts as langchain4j reports them, 0 where the server gave none. Stateless. */
final class Tokens {

  private Tokens() {}

  static int input(TokenUsage usage) {
    return usage == null || usage.inputTokenCount() == null ? 0 : usage.inputTokenCount();
  }

  static int output(TokenUsage usage) {
    return usage == null || usage.outputTokenCount() == null ? 0 : usage.outputTokenCount();
  }
}
