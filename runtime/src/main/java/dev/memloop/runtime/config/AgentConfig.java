package dev.memloop.runtime.config;

import dev.memloop.memory.Eviction;
import dev.memloop.memory.IndexKind;
import dev.memloop.runtime.patterns.PatternSettings;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.step.WindowUnit;
import java.time.Duration;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * One agent's settings, as {@code memloop.agent} in {@code reference.conf} documents them. Immutable; every
 * value is checked here, so an {@code AgentConfig} that exists is a valid one.
 *
 * @param budget the per-turn lookup budget; null means unlimited
 * @param threshold the guard threshold; empty means "calibrated" (resolved by whoever assembles the agent)
 * @param store where the agent's memory lives: its own, the fleet's shared blackboard, or a store node's
 * @param capacity items kept, 0 for unbounded
 * @param dumpTopK items the per-turn dump pins, 0 for all
 * @param actions how allowed actions run: their dispatcher, timeout and retries
 * @param tools how an LLM reasoner uses tools within a step
 */
public record AgentConfig(MemoryPolicyKind policy, Duration budget, OptionalDouble threshold, int padOps,
    int windowSize, WindowUnit windowUnit, MemoryStoreKind store, IndexKind index, int capacity, Eviction eviction,
    String embedder, int k, int dumpTopK, Duration rtt, Duration timeout, PatternSettings patterns,
    ActionSettings actions, ToolSettings tools) {

  /** A config with every pattern off and the default action and tool settings. */
  public AgentConfig(MemoryPolicyKind policy, Duration budget, OptionalDouble threshold, int padOps,
      int windowSize, WindowUnit windowUnit, MemoryStoreKind store, IndexKind index, int capacity, Eviction eviction,
      String embedder, int k, int dumpTopK, Duration rtt, Duration timeout) {
    this(policy, budget, threshold, padOps, windowSize, windowUnit, store, index, capacity, eviction, embedder, k,
        dumpTopK, rtt, timeout, PatternSettings.DEFAULTS, ActionSettings.DEFAULTS, ToolSettings.DEFAULTS);
  }

  public AgentConfig {
    Objects.requireNonNull(patterns, "patterns");
    Objects.requireNonNull(actions, "actions");
    Objects.requireNonNull(tools, "tools");
    Objects.requireNonNull(policy, "policy");
    Objects.requireNonNull(threshold, "threshold");
    Objects.requireNonNull(windowUnit, "windowUnit");
    Objects.requireNonNull(store, "store");
    Objects.requireNonNull(index, "index");
    Objects.requireNonNull(eviction, "eviction");
    if (budget != null && (budget.isNegative() || budget.isZero())) {
      throw new IllegalArgumentException("budget must be > 0 or unlimited: " + budget);
    }
    if (threshold.isPresent() && !(threshold.getAsDouble() >= -1 && threshold.getAsDouble() <= 1)) {
      throw new IllegalArgumentException("threshold must be in [-1, 1] or calibrated: " + threshold.getAsDouble());
    }
    if (padOps < 0) {
      throw new IllegalArgumentException("pad-ops must be >= 0: " + padOps);
    }
    if (windowSize <= 0) {
      throw new IllegalArgumentException("window size must be > 0: " + windowSize);
    }
    if (capacity < 0) {
      throw new IllegalArgumentException("capacity must be > 0 or unbounded: " + capacity);
    }
    if (embedder == null || embedder.isBlank()) {
      throw new IllegalArgumentException("embedder must be default, hashing, minilm or a model directory: '" + embedder + "'");
    }
    if (k <= 0) {
      throw new IllegalArgumentException("k must be > 0: " + k);
    }
    if (dumpTopK < 0) {
      throw new IllegalArgumentException("per-turn dump must be all or > 0: " + dumpTopK);
    }
    if (rtt == null || rtt.isNegative()) {
      throw new IllegalArgumentException("rtt must be >= 0: " + rtt);
    }
    if (timeout == null || timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("timeout must be > 0: " + timeout);
    }
    if (store == MemoryStoreKind.REMOTE && policy != MemoryPolicyKind.NETWORKED) {
      throw new IllegalArgumentException("memory.store = remote needs policy = networked, not " + policy.configName());
    }
  }

  /** The per-turn budget in nanoseconds, {@code Long.MAX_VALUE} when unlimited. */
  public long budgetNanos() {
    return budget == null ? Long.MAX_VALUE : budget.toNanos();
  }

  public AgentConfig withPolicy(MemoryPolicyKind newPolicy) {
    return new AgentConfig(newPolicy, budget, threshold, padOps, windowSize, windowUnit, store, index, capacity, eviction,
        embedder, k, dumpTopK, rtt, timeout, patterns, actions, tools);
  }

  public AgentConfig withBudget(Duration newBudget) {
    return new AgentConfig(policy, newBudget, threshold, padOps, windowSize, windowUnit, store, index, capacity, eviction,
        embedder, k, dumpTopK, rtt, timeout, patterns, actions, tools);
  }

  public AgentConfig withRtt(Duration newRtt) {
    return new AgentConfig(policy, budget, threshold, padOps, windowSize, windowUnit, store, index, capacity, eviction,
        embedder, k, dumpTopK, newRtt, timeout, patterns, actions, tools);
  }

  public AgentConfig withThreshold(double newThreshold) {
    return new AgentConfig(policy, budget, OptionalDouble.of(newThreshold), padOps, windowSize, windowUnit, store, index,
        capacity, eviction, embedder, k, dumpTopK, rtt, timeout, patterns, actions, tools);
  }

  /** This config with a memory of {@code newCapacity} items (0 for unbounded) evicting by {@code newEviction}. */
  public AgentConfig withCapacity(int newCapacity, Eviction newEviction) {
    return new AgentConfig(policy, budget, threshold, padOps, windowSize, windowUnit, store, index, newCapacity, newEviction,
        embedder, k, dumpTopK, rtt, timeout, patterns, actions, tools);
  }

  public AgentConfig withStore(MemoryStoreKind newStore) {
    return new AgentConfig(policy, budget, threshold, padOps, windowSize, windowUnit, newStore, index, capacity, eviction,
        embedder, k, dumpTopK, rtt, timeout, patterns, actions, tools);
  }

  public AgentConfig withEmbedder(String newEmbedder) {
    return new AgentConfig(policy, budget, threshold, padOps, windowSize, windowUnit, store, index, capacity, eviction,
        newEmbedder, k, dumpTopK, rtt, timeout, patterns, actions, tools);
  }

  public AgentConfig withPatterns(PatternSettings newPatterns) {
    return new AgentConfig(policy, budget, threshold, padOps, windowSize, windowUnit, store, index, capacity, eviction,
        embedder, k, dumpTopK, rtt, timeout, newPatterns, actions, tools);
  }

  public AgentConfig withActions(ActionSettings newActions) {
    return new AgentConfig(policy, budget, threshold, padOps, windowSize, windowUnit, store, index, capacity, eviction,
        embedder, k, dumpTopK, rtt, timeout, patterns, newActions, tools);
  }

  public AgentConfig withTools(ToolSettings newTools) {
    return new AgentConfig(policy, budget, threshold, padOps, windowSize, windowUnit, store, index, capacity, eviction,
        embedder, k, dumpTopK, rtt, timeout, patterns, actions, newTools);
  }
}
