package dev.memloop.runtime.config;

import dev.memloop.memory.Eviction;
import dev.memloop.memory.timing.Units;
import dev.memloop.runtime.patterns.PatternSettings;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import java.time.Duration;

/**
 * One agent's settings, as {@code memloop.agent} in {@code reference.conf} documents them, nested by section: each
 * record holds one section's keys and checks them, so a change to a setting touches one place. Immutable; an
 * {@code AgentConfig} that exists is a valid one.
 *
 * @param budget the per-turn lookup budget; null means unlimited
 * @param decideTimeout how long the reasoner may take to decide one step ({@code decide-timeout})
 */
public record AgentConfig(MemoryPolicyKind policy, Duration budget, Duration decideTimeout, GuardSettings guard,
    WindowSettings window, MemorySettings memory, PerTurnSettings perTurn, NetworkedSettings networked,
    PatternSettings patterns, ActionSettings actions, ToolSettings tools) {

  public AgentConfig {
    if (policy == null || guard == null || window == null || memory == null || perTurn == null || networked == null
        || patterns == null || actions == null || tools == null) {
      throw new IllegalArgumentException("an agent config needs every section (policy, guard, window, memory, "
          + "per-turn, networked, patterns, actions, tools)");
    }
    if (decideTimeout == null || decideTimeout.isNegative() || decideTimeout.isZero()) {
      throw new IllegalArgumentException("decide-timeout must be > 0: "
          + (decideTimeout == null ? "null" : Units.config(decideTimeout)));
    }
    if (budget != null && (budget.isNegative() || budget.isZero())) {
      throw new IllegalArgumentException("budget must be > 0 or unlimited: " + Units.config(budget));
    }
    if ((memory.store() == MemoryStoreKind.REMOTE || memory.store() == MemoryStoreKind.PGVECTOR)
        && policy != MemoryPolicyKind.NETWORKED) {
      throw new IllegalArgumentException("memory.store = " + memory.store().name().toLowerCase(java.util.Locale.ROOT)
          + " needs policy = networked, not " + policy.configName());
    }
    if (memory.hybrid() && policy == MemoryPolicyKind.NETWORKED) {
      throw new IllegalArgumentException("memory.recall = hybrid needs the agent's memory in process (policy per-step "
          + "or per-turn), not policy = networked: a store across the network answers vector recalls only");
    }
  }

  /** The per-turn budget in nanoseconds, {@code Long.MAX_VALUE} when unlimited. */
  public long budgetNanos() {
    return budget == null ? Long.MAX_VALUE : budget.toNanos();
  }

  public AgentConfig withPolicy(MemoryPolicyKind newPolicy) {
    return copy().policy(newPolicy).build();
  }

  public AgentConfig withBudget(Duration newBudget) {
    return copy().budget(newBudget).build();
  }

  public AgentConfig withDecideTimeout(Duration newTimeout) {
    return copy().decideTimeout(newTimeout).build();
  }

  public AgentConfig withThreshold(double newThreshold) {
    return withGuard(guard.withThreshold(newThreshold));
  }

  public AgentConfig withGuard(GuardSettings newGuard) {
    return copy().guard(newGuard).build();
  }

  public AgentConfig withWindow(WindowSettings newWindow) {
    return copy().window(newWindow).build();
  }

  public AgentConfig withMemory(MemorySettings newMemory) {
    return copy().memory(newMemory).build();
  }

  public AgentConfig withStore(MemoryStoreKind newStore) {
    return withMemory(memory.withStore(newStore));
  }

  public AgentConfig withEmbedder(EmbedderChoice newEmbedder) {
    return withMemory(memory.withEmbedder(newEmbedder));
  }

  /** This config with a memory of {@code newCapacity} items (0 for unbounded) evicting by {@code newEviction}. */
  public AgentConfig withCapacity(int newCapacity, Eviction newEviction) {
    return withMemory(memory.withCapacity(newCapacity, newEviction));
  }

  public AgentConfig withPerTurn(PerTurnSettings newPerTurn) {
    return copy().perTurn(newPerTurn).build();
  }

  public AgentConfig withNetworked(NetworkedSettings newNetworked) {
    return copy().networked(newNetworked).build();
  }

  public AgentConfig withRtt(Duration newRtt) {
    return withNetworked(new NetworkedSettings(newRtt, networked.timeout()));
  }

  public AgentConfig withPatterns(PatternSettings newPatterns) {
    return copy().patterns(newPatterns).build();
  }

  public AgentConfig withActions(ActionSettings newActions) {
    return copy().actions(newActions).build();
  }

  public AgentConfig withTools(ToolSettings newTools) {
    return copy().tools(newTools).build();
  }

  /** The one place that lists every section: each {@code with} method changes one of them and builds again. */
  private Copy copy() {
    return new Copy(this);
  }

  private static final class Copy {
    private MemoryPolicyKind policy;
    private Duration budget;
    private Duration decideTimeout;
    private GuardSettings guard;
    private WindowSettings window;
    private MemorySettings memory;
    private PerTurnSettings perTurn;
    private NetworkedSettings networked;
    private PatternSettings patterns;
    private ActionSettings actions;
    private ToolSettings tools;

    Copy(AgentConfig c) {
      policy = c.policy;
      budget = c.budget;
      decideTimeout = c.decideTimeout;
      guard = c.guard;
      window = c.window;
      memory = c.memory;
      perTurn = c.perTurn;
      networked = c.networked;
      patterns = c.patterns;
      actions = c.actions;
      tools = c.tools;
    }

    Copy policy(MemoryPolicyKind v) {
      policy = v;
      return this;
    }

    Copy budget(Duration v) {
      budget = v;
      return this;
    }

    Copy decideTimeout(Duration v) {
      decideTimeout = v;
      return this;
    }

    Copy guard(GuardSettings v) {
      guard = v;
      return this;
    }

    Copy window(WindowSettings v) {
      window = v;
      return this;
    }

    Copy memory(MemorySettings v) {
      memory = v;
      return this;
    }

    Copy perTurn(PerTurnSettings v) {
      perTurn = v;
      return this;
    }

    Copy networked(NetworkedSettings v) {
      networked = v;
      return this;
    }

    Copy patterns(PatternSettings v) {
      patterns = v;
      return this;
    }

    Copy actions(ActionSettings v) {
      actions = v;
      return this;
    }

    Copy tools(ToolSettings v) {
      tools = v;
      return this;
    }

    AgentConfig build() {
      return new AgentConfig(policy, budget, decideTimeout, guard, window, memory, perTurn, networked, patterns, actions,
          tools);
    }
  }
}
