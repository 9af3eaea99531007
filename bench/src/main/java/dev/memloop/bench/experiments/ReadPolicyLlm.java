package dev.memloop.bench.experiments;

import dev.memloop.agents.llm.LlmTripModel;
import dev.memloop.agents.trip.TripCondition;
import dev.memloop.agents.trip.TripSession;
import dev.memloop.agents.trip.TripTools;
import dev.memloop.memory.Embedder;
import dev.memloop.workloads.trip.TripConversation;
import dev.memloop.workloads.trip.TripConversations;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The gap study with a real model: the paper's trip conversations (five constraints) in the memory condition, the
 * model calling remember and recall itself, under each read policy. Only when a model is configured.
 */
final class ReadPolicyLlm {

  static final int REPEATS = 5;
  static final int WINDOW = 4;

  private ReadPolicyLlm() {}

  /** The calls the arm makes: one per turn per conversation, tool rounds on top. */
  static LlmRun.Estimate estimate() {
    long conversations = (long) REPEATS * ReadPolicySession.Policy.values().length;
    long calls = conversations * TripConversation.TURNS;
    long max = calls + conversations * TripConversation.TURNS * LlmTripModel.MAX_TOOL_ROUNDS;
    return new LlmRun.Estimate("gap", calls, max, calls * LlmRun.TOKENS_PER_CALL);
  }

  static List<ReadPolicyGap.Cell> run(ExperimentContext context, Embedder embedder, double threshold) {
    LlmRun llm = context.llm();
    List<ReadPolicyGap.Cell> cells = new ArrayList<>();
    for (ReadPolicySession.Policy policy : ReadPolicySession.Policy.values()) {
      context.progress("gap: " + llm.settings().model() + ", " + policy.label);
      List<Integer> recalled = new ArrayList<>();
      for (int r = 0; r < REPEATS; r++) {
        TripConversation conversation = TripConversations.generate(context.seed() + r);
        recalled.add(TripSession.run(conversation, TripCondition.MEMORY, new LlmTripModel(llm.calls()), WINDOW,
            () -> tools(embedder, threshold, policy)).recalled());
      }
      cells.add(new ReadPolicyGap.Cell(llm.settings().model() + " (" + embedder.name() + ")",
          TripConversations.CONSTRAINTS, 0, policy.label, recalled));
    }
    return cells;
  }

  private static TripTools tools(Embedder embedder, double threshold, ReadPolicySession.Policy policy) {
    boolean dedup = policy == ReadPolicySession.Policy.DEDUP || policy == ReadPolicySession.Policy.BOTH;
    boolean adaptive = policy == ReadPolicySession.Policy.ADAPTIVE || policy == ReadPolicySession.Policy.BOTH;
    int k = policy == ReadPolicySession.Policy.FIXED_K24 ? 24 : 8;
    return new TripTools(embedder, k, dedup ? threshold : Double.NaN, adaptive ? ReadPolicySession.settings(threshold)
        : null);
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
