package dev.memloop.agents.llm;

import dev.memloop.agents.triage.TriageCalibration;
import dev.memloop.agents.triage.TriageAgents;
import dev.memloop.memory.Embedder;
import dev.memloop.memory.timing.DelayTimer;
import dev.memloop.runtime.AgentSpec;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.config.ToolSettings;
import dev.memloop.runtime.llm.ChatCalls;
import dev.memloop.runtime.llm.LlmReasoner;
import dev.memloop.runtime.llm.Tools;
import dev.memloop.agents.llm.TriagePrompt;

/**
 * Triage agents whose decisions come from a chat model: the model answers each alert with an action line, the
 * code guard matches it against memory before any investigation runs, exactly as with the simulated model; with
 * the memory as tools the model may also recall, match or remember before it answers.
 */
public final class LlmTriageAgents {

  private LlmTriageAgents() {}

  /** The paper's arm: the model answers from its window and what was pinned, with no tools. */
  public static AgentSpec spec(String id, AgentConfig config, Embedder embedder, ChatCalls calls, long seed,
      DelayTimer timer) {
    return spec(id, config, embedder, calls, seed, timer, ToolSettings.NONE);
  }

  /** @param tools the model's tools; null for the agent's own {@code memloop.agent.tools} (the memory as tools) */
  public static AgentSpec spec(String id, AgentConfig config, Embedder embedder, ChatCalls calls, long seed,
      DelayTimer timer, ToolSettings tools) {
    return builder(id, config, embedder, calls, seed, timer, tools).build();
  }

  /** The builder of {@link #spec(String, AgentConfig, Embedder, ChatCalls, long, DelayTimer, ToolSettings)}. */
  public static AgentSpec.Builder builder(String id, AgentConfig config, Embedder embedder, ChatCalls calls, long seed,
      DelayTimer timer, ToolSettings tools) {
    return builder(id, config, embedder, calls, seed, timer, tools, Tools.NONE);
  }

  /** As above, the model also offered {@code userTools} (an MCP server's, one's own) beside the memory's. */
  public static AgentSpec.Builder builder(String id, AgentConfig config, Embedder embedder, ChatCalls calls, long seed,
      DelayTimer timer, ToolSettings tools, Tools userTools) {
    LlmReasoner.Builder reasoner = TriagePrompt.reasoner(calls).tools(userTools);
    if (tools != null) {
      reasoner.toolSettings(tools);
    }
    return AgentSpec.builder(id).config(config).embedder(embedder).calibration(TriageCalibration::threshold)
        .reasoners(reasoner.factory()).executor(TriageAgents.INVESTIGATE).timer(timer).seed(seed);
  }
}
