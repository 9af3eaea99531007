package dev.memloop.agents.llm;

import dev.memloop.agents.triage.GuardCalibration;
import dev.memloop.agents.triage.TriageAgents;
import dev.memloop.memory.Embedder;
import dev.memloop.memory.timing.DelayTimer;
import dev.memloop.runtime.AgentSpec;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.llm.ChatCalls;
import dev.memloop.runtime.llm.TriagePrompt;

/**
 * Triage agents whose decisions come from a chat model: the model answers each alert with an action line, the
 * code guard matches it against memory before any investigation runs, exactly as with the simulated model.
 */
public final class LlmTriageAgents {

  private LlmTriageAgents() {}

  public static AgentSpec spec(String id, AgentConfig config, Embedder embedder, ChatCalls calls, long seed,
      DelayTimer timer) {
    return AgentSpec.builder(id).config(config).embedder(embedder).calibration(GuardCalibration::threshold)
        .reasoners(TriagePrompt.reasoner(calls).factory()).executor(TriageAgents.INVESTIGATE)
        .timer(timer).seed(seed).build();
  }
}
