package dev.memloop.agents.trip;

import com.typesafe.config.ConfigFactory;
import dev.memloop.memory.Embedder;
import dev.memloop.memory.timing.Units;
import dev.memloop.runtime.AgentSpec;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.config.AgentConfigs;
import dev.memloop.runtime.config.ToolSettings;
import dev.memloop.runtime.llm.ChatCalls;
import dev.memloop.runtime.llm.LlmReasoner;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.workloads.trip.TripConversation;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.atomic.LongAdder;

/**
 * The trip agent on the runtime: one agent per conversation, one turn per user message, a window of
 * {@value #WINDOW} messages. The baseline, aware and notes conditions have no memory (policy none); the memory
 * condition's remember and recall go through the agent's memory handle under the arm's policy: per-step (a method
 * call), per-turn (writes land at the turn's end, the store is pinned at each turn's start) or networked (a
 * {@code MemoryStore} with an injected round trip, every read charged to the turn's 100 ms budget).
 */
public final class TripAgents {

  public static final int WINDOW = 4;
  public static final int K = 8;
  /** The tool calls a real model may make per turn (remember and recall). */
  public static final int MAX_TOOL_CALLS = 8;
  /** The trip agent never acts (it replies); its threshold serves only the reasoner's own {@code seen} calls. */
  static final double THRESHOLD = 0.9;

  /** How the memory condition holds its memory. */
  public record MemoryArm(MemoryPolicyKind policy, Duration rtt) {

    public static final MemoryArm PER_STEP = new MemoryArm(MemoryPolicyKind.PER_STEP, Duration.ZERO);
    public static final MemoryArm PER_TURN = new MemoryArm(MemoryPolicyKind.PER_TURN, Duration.ZERO);

    public static MemoryArm networked(Duration rtt) {
      return new MemoryArm(MemoryPolicyKind.NETWORKED, rtt);
    }

    public MemoryArm {
      if (policy == null || policy == MemoryPolicyKind.NONE || rtt == null || rtt.isNegative()) {
        throw new IllegalArgumentException("a memory arm is per-step, per-turn or networked with rtt >= 0: " + policy
            + ", " + Units.config(rtt));
      }
    }

    /** {@code per-step}, {@code per-turn}, {@code networked +30 ms}. */
    public String label() {
      return policy == MemoryPolicyKind.NETWORKED ? "networked +" + rtt.toMillis() + " ms" : policy.configName();
    }
  }

  private TripAgents() {}

  /** The agent's settings: no memory outside the memory condition, the arm's policy in it. */
  public static AgentConfig config(TripCondition condition, MemoryArm arm) {
    MemoryPolicyKind policy = condition == TripCondition.MEMORY ? arm.policy() : MemoryPolicyKind.NONE;
    String hocon = String.format(Locale.ROOT, "memloop.agent { policy = %s, budget = 100ms, window { size = %d, "
        + "unit = messages }, memory.k = %d, per-turn.dump = all, networked.rtt = %dms, guard.threshold = %s }",
        policy.configName(), WINDOW, K, condition == TripCondition.MEMORY ? arm.rtt().toMillis() : 0, THRESHOLD);
    return AgentConfigs.agent(ConfigFactory.parseString(hocon).withFallback(ConfigFactory.load()));
  }

  /** The simulated model with {@code habits} on {@code conversation}. */
  public static AgentSpec simulated(String id, TripCondition condition, MemoryArm arm,
      SimulatedTripModel.Habits habits, TripConversation conversation, long seed, Embedder embedder,
      LongAdder characters) {
    int last = conversation.userMessages().size() - 1;
    return AgentSpec.builder(id).config(config(condition, arm)).embedder(embedder).seed(seed)
        .reasoners(context -> new SimulatedTripReasoner(new SimulatedTripModel(habits, conversation.constraints(), seed),
            condition, last, K, characters)).build();
  }

  /** A real model: the condition's prompt, and in the memory condition the memory as tools (k = 8 per recall). */
  public static AgentSpec llm(String id, TripCondition condition, MemoryArm arm, ChatCalls calls, Embedder embedder) {
    return llm(id, condition, arm, calls, embedder, K, config(condition, arm));
  }

  /**
   * A real model in the memory condition under a read policy of one's choice: {@code recallK} items per recall
   * call, and {@code config}'s patterns (dedup on write merges a note into its stored near-duplicate).
   */
  public static AgentSpec llm(String id, TripCondition condition, MemoryArm arm, ChatCalls calls, Embedder embedder,
      int recallK, AgentConfig config) {
    ToolSettings tools = condition == TripCondition.MEMORY
        ? ToolSettings.builder().maxCallsPerStep(MAX_TOOL_CALLS).act(false).build() : ToolSettings.NONE;
    return AgentSpec.builder(id).config(config).embedder(embedder)
        .reasoners(LlmReasoner.builder(calls).systemPrompt(condition.systemPrompt()).toolSettings(tools)
            .recallK(recallK).factory()).build();
  }
}
