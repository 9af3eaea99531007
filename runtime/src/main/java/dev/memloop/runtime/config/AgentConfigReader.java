package dev.memloop.runtime.config;

import static dev.memloop.runtime.config.ConfigValues.duration;
import static dev.memloop.runtime.config.ConfigValues.enumValue;
import static dev.memloop.runtime.config.ConfigValues.positive;
import static dev.memloop.runtime.config.ConfigValues.value;
import static dev.memloop.runtime.config.ConfigValues.wholeNumber;
import static dev.memloop.runtime.config.ConfigValues.word;

import com.typesafe.config.Config;
import dev.memloop.memory.Eviction;
import dev.memloop.memory.IndexKind;
import dev.memloop.runtime.patterns.AdaptiveRecall;
import dev.memloop.runtime.patterns.DedupOnWrite;
import dev.memloop.runtime.patterns.PatternSettings;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.step.WindowUnit;
import java.time.Duration;
import java.util.OptionalDouble;

/** Reads one agent section, section by section, every bad value an error that names the key path and the value. */
final class AgentConfigReader {

  private AgentConfigReader() {}

  static AgentConfig read(Config c, String path) {
    MemoryPolicyKind policy = value(c, "policy", path, () -> MemoryPolicyKind.parse(c.getString("policy")));
    Duration budget = value(c, "budget", path, () -> "unlimited".equals(word(c, "budget")) ? null : duration(c, "budget"));
    Duration decideTimeout = value(c, "decide-timeout", path, () -> duration(c, "decide-timeout"));
    GuardSettings guard = guard(c, path);
    WindowSettings window = window(c, path);
    MemorySettings memory = memory(c, path);
    PerTurnSettings perTurn = perTurn(c, path);
    NetworkedSettings networked = networked(c, path);
    PatternSettings patterns = patterns(c, path);
    ActionSettings actions = actions(c, path);
    ToolSettings tools = tools(c, path);
    try { // the checks across sections
      return new AgentConfig(policy, budget, decideTimeout, guard, window, memory, perTurn, networked, patterns, actions,
          tools);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(path + ": " + e.getMessage(), e);
    }
  }

  private static GuardSettings guard(Config c, String path) {
    OptionalDouble threshold = value(c, "guard.threshold", path,
        () -> "calibrated".equals(word(c, "guard.threshold")) ? OptionalDouble.empty()
            : OptionalDouble.of(c.getDouble("guard.threshold")));
    int padOps = value(c, "guard.pad-ops", path, () -> wholeNumber(c, "guard.pad-ops"));
    boolean identifiers = value(c, "guard.identifiers", path, () -> c.getBoolean("guard.identifiers"));
    return section(path, () -> new GuardSettings(threshold, padOps, identifiers));
  }

  private static WindowSettings window(Config c, String path) {
    int size = value(c, "window.size", path, () -> wholeNumber(c, "window.size"));
    WindowUnit unit = value(c, "window.unit", path, () -> WindowUnit.parse(c.getString("window.unit")));
    return section(path, () -> new WindowSettings(size, unit));
  }

  private static MemorySettings memory(Config c, String path) {
    MemoryStoreKind store = value(c, "memory.store", path, () -> enumValue(MemoryStoreKind.class, c.getString("memory.store")));
    IndexKind index = value(c, "memory.index", path, () -> enumValue(IndexKind.class, c.getString("memory.index")));
    int capacity = value(c, "memory.capacity", path,
        () -> "unbounded".equals(word(c, "memory.capacity")) ? 0 : positive(wholeNumber(c, "memory.capacity")));
    Eviction eviction = value(c, "memory.eviction", path, () -> enumValue(Eviction.class, c.getString("memory.eviction")));
    EmbedderChoice embedder = value(c, "memory.embedder", path, () -> EmbedderChoice.parse(c.getString("memory.embedder")));
    int k = value(c, "memory.k", path, () -> wholeNumber(c, "memory.k"));
    boolean hybrid = value(c, "memory.recall", path, () -> {
      String recall = word(c, "memory.recall");
      if (!"vector".equals(recall) && !"hybrid".equals(recall)) {
        throw new IllegalArgumentException("must be vector or hybrid");
      }
      return recall.equals("hybrid");
    });
    return section(path, () -> new MemorySettings(store, index, capacity, eviction, embedder, k, hybrid));
  }

  /** The times to live of {@code memloop.memory.ttl}: each kind's duration, or none (a kind absent never expires). */
  static java.util.Map<dev.memloop.memory.MemoryKind, Duration> ttls(Config root) {
    String path = "memloop.memory.ttl";
    java.util.Map<dev.memloop.memory.MemoryKind, Duration> out = new java.util.EnumMap<>(
        dev.memloop.memory.MemoryKind.class);
    if (!root.hasPath(path)) {
      return out;
    }
    Config ttl = section(root.getConfig("memloop.memory"), "ttl", "memloop.memory");
    for (dev.memloop.memory.MemoryKind kind : dev.memloop.memory.MemoryKind.values()) {
      String key = kind.configName();
      if (!ttl.hasPath(key) || "none".equals(word(ttl, key))) {
        continue;
      }
      Duration lives = value(ttl, key, path, () -> {
        Duration d = duration(ttl, key);
        if (d.isZero() || d.isNegative()) {
          throw new IllegalArgumentException("must be a positive duration (30d, 12h) or none");
        }
        return d;
      });
      out.put(kind, lives);
    }
    return out;
  }

  private static Config section(Config c, String key, String path) {
    try {
      return c.getConfig(key);
    } catch (com.typesafe.config.ConfigException.WrongType e) {
      throw new IllegalArgumentException(path + "." + key + " must be a section ({ note = 30d, ... }), not "
          + c.getValue(key).render());
    }
  }

  private static PerTurnSettings perTurn(Config c, String path) {
    int dump = value(c, "per-turn.dump", path,
        () -> "all".equals(word(c, "per-turn.dump")) ? 0 : positive(wholeNumber(c, "per-turn.dump")));
    return section(path, () -> new PerTurnSettings(dump));
  }

  private static NetworkedSettings networked(Config c, String path) {
    Duration rtt = value(c, "networked.rtt", path, () -> duration(c, "networked.rtt"));
    Duration timeout = value(c, "networked.timeout", path, () -> duration(c, "networked.timeout"));
    return section(path, () -> new NetworkedSettings(rtt, timeout));
  }

  private static PatternSettings patterns(Config c, String path) {
    boolean novelty = value(c, "patterns.novelty.enabled", path, () -> c.getBoolean("patterns.novelty.enabled"));
    double noveltyThreshold = number(c, "patterns.novelty.threshold", path);
    boolean dedup = value(c, "patterns.dedup-on-write.enabled", path, () -> c.getBoolean("patterns.dedup-on-write.enabled"));
    double dedupThreshold = number(c, "patterns.dedup-on-write.threshold", path);
    DedupOnWrite.Keep keep = value(c, "patterns.dedup-on-write.keep", path,
        () -> enumValue(DedupOnWrite.Keep.class, c.getString("patterns.dedup-on-write.keep")));
    boolean adaptive = value(c, "patterns.adaptive-recall.enabled", path,
        () -> c.getBoolean("patterns.adaptive-recall.enabled"));
    int kMin = value(c, "patterns.adaptive-recall.k-min", path, () -> wholeNumber(c, "patterns.adaptive-recall.k-min"));
    int kMax = value(c, "patterns.adaptive-recall.k-max", path, () -> wholeNumber(c, "patterns.adaptive-recall.k-max"));
    double fraction = number(c, "patterns.adaptive-recall.fraction", path);
    double lambda = number(c, "patterns.adaptive-recall.lambda", path);
    double duplicate = number(c, "patterns.adaptive-recall.duplicate-threshold", path);
    double grounding = number(c, "patterns.grounding.threshold", path);
    int groundingK = value(c, "patterns.grounding.k", path, () -> wholeNumber(c, "patterns.grounding.k"));
    try {
      return new PatternSettings(new PatternSettings.Novelty(novelty, noveltyThreshold),
          new PatternSettings.Dedup(dedup, dedupThreshold, keep),
          new PatternSettings.Adaptive(adaptive, new AdaptiveRecall.Settings(kMin, kMax, fraction, lambda, duplicate)),
          new PatternSettings.Grounding(grounding, groundingK));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(path + ".patterns: " + e.getMessage(), e);
    }
  }

  private static ActionSettings actions(Config c, String path) {
    String dispatcher = value(c, "actions.dispatcher", path, () -> c.getString("actions.dispatcher"));
    Duration timeout = value(c, "actions.timeout", path, () -> duration(c, "actions.timeout"));
    int retries = value(c, "actions.retries", path, () -> wholeNumber(c, "actions.retries"));
    Duration backoff = value(c, "actions.retry-backoff", path, () -> duration(c, "actions.retry-backoff"));
    return section(path, () -> new ActionSettings(dispatcher, timeout, retries, backoff));
  }

  private static ToolSettings tools(Config c, String path) {
    int max = value(c, "tools.max-calls-per-step", path, () -> wholeNumber(c, "tools.max-calls-per-step"));
    boolean memory = value(c, "tools.memory", path, () -> c.getBoolean("tools.memory"));
    boolean act = value(c, "tools.act", path, () -> c.getBoolean("tools.act"));
    boolean remember = value(c, "tools.remember-calls", path, () -> c.getBoolean("tools.remember-calls"));
    ToolSettings.Guard guard = value(c, "tools.guard", path, () -> ToolSettings.Guard.parse(c.getString("tools.guard")));
    java.util.Map<String, Double> semantic = new java.util.LinkedHashMap<>();
    if (c.hasPath("tools.semantic-guard")) {
      for (var entry : value(c, "tools.semantic-guard", path, () -> c.getConfig("tools.semantic-guard")).root()
          .entrySet()) {
        String key = com.typesafe.config.ConfigUtil.joinPath("tools", "semantic-guard", entry.getKey());
        semantic.put(entry.getKey(), value(c, key, path, () -> c.getDouble(key)));
      }
    }
    long output = value(c, "tools.record-output", path, () -> c.getMemorySize("tools.record-output").toBytes());
    int kept = (int) Math.min(Integer.MAX_VALUE, output);
    return section(path, () -> new ToolSettings(max, memory, act, remember, guard, semantic, kept));
  }

  /** A section's own checks, their message prefixed with the agent's path (they name the section's key). */
  private static <T> T section(String path, java.util.function.Supplier<T> make) {
    try {
      return make.get();
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(path + "." + e.getMessage(), e);
    }
  }

  private static double number(Config c, String key, String path) {
    return value(c, key, path, () -> c.getDouble(key));
  }

  static int positiveInt(Config c, String key, String path) {
    return value(c, key, path, () -> positive(wholeNumber(c, key)));
  }
}
