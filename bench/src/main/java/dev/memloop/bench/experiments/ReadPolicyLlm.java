package dev.memloop.bench.experiments;

import dev.memloop.agents.trip.TripAgents;
import dev.memloop.agents.trip.TripCondition;
import dev.memloop.agents.trip.TripRun;
import dev.memloop.memory.Embedder;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.patterns.DedupOnWrite;
import dev.memloop.runtime.patterns.PatternSettings;
import dev.memloop.workloads.trip.TripConversation;
import dev.memloop.workloads.trip.TripConversations;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The gap study with a real model: the paper's trip conversations (five constraints) in the memory condition, each a
 * trip agent on the runtime whose model calls remember and recall itself (the memory tools of its tool loop), per
 * read policy: recall's k (8, or 24 as the control) and dedup on write. Adaptive recall is not among them: it reads
 * a per-turn agent's dump, and the memory tools recall the k nearest, so the adaptive arms run simulated only. Only
 * when a model is configured.
 */
final class ReadPolicyLlm {

  static final int REPEATS = 5;
  static final Duration TURN_TIMEOUT = Duration.ofMinutes(5);
  /** The read policies a real model's tool loop can be given. */
  static final List<ReadPolicySession.Policy> POLICIES = List.of(ReadPolicySession.Policy.FIXED_K8,
      ReadPolicySession.Policy.FIXED_K24, ReadPolicySession.Policy.DEDUP);

  private ReadPolicyLlm() {}

  /** The calls the arm makes: one per turn per conversation, tool rounds on top. */
  static LlmRun.Estimate estimate() {
    long conversations = (long) REPEATS * POLICIES.size();
    long calls = conversations * TripConversation.TURNS;
    long max = calls + conversations * TripConversation.TURNS * TripAgents.MAX_TOOL_CALLS;
    return new LlmRun.Estimate("gap", calls, max, calls * LlmRun.TOKENS_PER_CALL);
  }

  static List<ReadPolicyGap.Cell> run(ExperimentContext context, Embedder embedder, double threshold) throws Exception {
    LlmRun llm = context.llm();
    List<ReadPolicyGap.Cell> cells = new ArrayList<>();
    for (ReadPolicySession.Policy policy : POLICIES) {
      context.progress("gap: " + llm.settings().model() + ", " + policy.label);
      List<Integer> recalled = new ArrayList<>();
      for (int r = 0; r < REPEATS; r++) {
        TripConversation conversation = TripConversations.generate(context.seed() + r);
        recalled.add(TripRun.run(context.system(), TripAgents.llm("gap-llm", TripCondition.MEMORY,
            TripAgents.MemoryArm.PER_STEP, llm.calls(), embedder, policy == ReadPolicySession.Policy.FIXED_K24 ? 24 : 8,
            config(policy, threshold)), TripCondition.MEMORY, policy.label, conversation, null, TURN_TIMEOUT)
            .recalled());
      }
      cells.add(new ReadPolicyGap.Cell(llm.settings().model() + " (" + embedder.name() + ")",
          TripConversations.CONSTRAINTS, 0, policy.label, recalled));
    }
    return cells;
  }

  /** The memory condition's agent settings, with dedup on write at the calibrated threshold for that policy. */
  private static AgentConfig config(ReadPolicySession.Policy policy, double threshold) {
    AgentConfig config = TripAgents.config(TripCondition.MEMORY, TripAgents.MemoryArm.PER_STEP);
    if (policy != ReadPolicySession.Policy.DEDUP) {
      return config;
    }
    PatternSettings p = config.patterns();
    return config.withPatterns(new PatternSettings(p.novelty(), new PatternSettings.Dedup(true, threshold,
        DedupOnWrite.Keep.FIRST), p.adaptive(), p.grounding()));
  }

  static String describe(List<ReadPolicyGap.Cell> cells) {
    StringBuilder out = new StringBuilder("With the real model, constraints recalled of 5 (copies as the model made "
        + "them): ");
    for (ReadPolicyGap.Cell c : cells) {
      out.append(String.format(Locale.ROOT, "%s %.1f; ", c.policy(), c.mean()));
    }
    return out.toString();
  }
}
