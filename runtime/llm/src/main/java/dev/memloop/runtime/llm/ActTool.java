package dev.memloop.runtime.llm;

import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;

/**
 * The model's way to take the step's action: {@code act(action)}. It runs nothing itself: it names the step's
 * action, and the step's decision becomes {@code Decision.act(action)}, which the runtime guards (an action executed
 * before is skipped, never run twice) and executes once the step is decided, as it does any reasoner's. So an LLM
 * agent's actions meet the same guard, executor, retries and records as every other agent's. One action per step:
 * the tool loop ends with the reply that chose it, and a second {@code act} in that reply is refused.
 */
final class ActTool {

  static final String NAME = "act";

  static final ToolSpecification SPEC = ToolSpecification.builder().name(NAME)
      .description("Take this step's action, as one line (for example: escalate ticket T-10 to billing). "
          + "The runtime carries it out after your reply, and skips it if it was done before. One action per step.")
      .parameters(JsonObjectSchema.builder().addStringProperty("action", "the action, in one line")
          .required("action").build())
      .build();

  private ActTool() {}

  /** What the model is told when its action is taken. */
  static String chosen(String action) {
    return "chosen: '" + action + "' is carried out once this step ends (skipped if it was done before)";
  }

  /** What the model is told of a second action in one step. */
  static String second(String chosen) {
    return "error: this step's action is chosen already ('" + chosen + "'); one action per step";
  }
}
