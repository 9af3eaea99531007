package dev.memloop.runtime.llm;

import dev.langchain4j.model.ModelProvider;
import dev.langchain4j.model.output.FinishReason;
import java.util.Locale;

/**
 * langchain4j's names for providers and finish reasons as the OpenTelemetry GenAI semantic conventions spell them
 * (semantic-conventions-genai v0.1.0: {@code gen_ai.provider.name}, {@code gen_ai.response.finish_reasons}), for the
 * spans and metrics of model calls. A provider the conventions do not list keeps its own name, in lower case.
 * Stateless.
 */
final class GenAi {

  private GenAi() {}

  static String provider(ModelProvider provider) {
    if (provider == null) {
      return "openai"; // a model that does not say: this runtime's own client speaks OpenAI's API
    }
    return switch (provider) {
      case OPEN_AI -> "openai";
      case AZURE_OPEN_AI -> "azure.ai.openai";
      case ANTHROPIC -> "anthropic";
      case AMAZON_BEDROCK -> "aws.bedrock";
      case GOOGLE_AI_GEMINI, GOOGLE_GENAI -> "gcp.gemini";
      case GOOGLE_VERTEX_AI_GEMINI, GOOGLE_VERTEX_AI_ANTHROPIC -> "gcp.vertex_ai";
      case MISTRAL_AI -> "mistral_ai";
      case WATSONX -> "ibm.watsonx.ai";
      case COHERE -> "cohere";
      case MICROSOFT_FOUNDRY -> "azure.ai.inference";
      default -> provider.name().toLowerCase(Locale.ROOT); // ollama, github_models, other...
    };
  }

  static String finishReason(FinishReason reason) {
    if (reason == null) {
      return null;
    }
    return switch (reason) {
      case TOOL_EXECUTION -> "tool_calls";
      default -> reason.name().toLowerCase(Locale.ROOT); // stop, length, content_filter, other
    };
  }
}
