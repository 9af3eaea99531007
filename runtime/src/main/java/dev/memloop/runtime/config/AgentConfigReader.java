package dev.memloop.runtime.config;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import dev.memloop.memory.Eviction;
import dev.memloop.memory.IndexKind;
import dev.memloop.runtime.patterns.AdaptiveRecall;
import dev.memloop.runtime.patterns.DedupOnWrite;
import dev.memloop.runtime.patterns.PatternSettings;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.step.WindowUnit;
import java.time.Duration;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.function.Supplier;

/** Reads one agent section, turning every bad value into an error that names the key path and the value. */
final class AgentConfigReader {

  private AgentConfigReader() {}

  static AgentConfig read(Config c, String path) {
    MemoryPolicyKind policy = parse(c, "policy", path, () -> MemoryPolicyKind.parse(c.getString("policy")));
    Duration budget = parse(c, "budget", path,
        () -> "unlimited".equals(stringOrNull(c, "budget")) ? null : c.getDuration("budget"));
    OptionalDouble threshold = parse(c, "guard.threshold", path,
        () -> "calibrated".equals(stringOrNull(c, "guard.threshold")) ? OptionalDouble.empty()
            : OptionalDouble.of(c.getDouble("guard.threshold")));
    int padOps = parse(c, "guard.pad-ops", path, () -> c.getInt("guard.pad-ops"));
    int windowSize = parse(c, "window.size", path, () -> c.getInt("window.size"));
    WindowUnit unit = parse(c, "window.unit", path, () -> WindowUnit.parse(c.getString("window.unit")));
    MemoryStoreKind store = parse(c, "memory.store", path, () -> enumValue(MemoryStoreKind.class, c.getString("memory.store")));
    IndexKind index = parse(c, "memory.index", path, () -> enumValue(IndexKind.class, c.getString("memory.index")));
    int capacity = parse(c, "memory.capacity", path,
        () -> "unbounded".equals(stringOrNull(c, "memory.capacity")) ? 0 : positive(c.getInt("memory.capacity")));
    Eviction eviction = parse(c, "memory.eviction", path, () -> enumValue(Eviction.class, c.getString("memory.eviction")));
    String embedder = parse(c, "memory.embedder", path, () -> c.getString("memory.embedder"));
    int k = parse(c, "memory.k", path, () -> c.getInt("memory.k"));
    int dump = parse(c, "per-turn.dump", path,
        () -> "all".equals(stringOrNull(c, "per-turn.dump")) ? 0 : positive(c.getInt("per-turn.dump")));
    Duration rtt = parse(c, "networked.rtt", path, () -> c.getDuration("networked.rtt"));
    Duration timeout = parse(c, "networked.timeout", path, () -> c.getDuration("networked.timeout"));
    PatternSettings patterns = patterns(c, path);
    ActionSettings actions = actions(c, path);
    ToolSettings tools = tools(c, path);
    try {
      return new AgentConfig(policy, budget, threshold, padOps, windowSize, unit, store, index, capacity, eviction, embedder, k,
          dump, rtt, timeout, patterns, actions, tools);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(path + ": " + e.getMessage(), e);
    }
  }

  private static PatternSettings patterns(Config c, String path) {
    boolean novelty = parse(c, "patterns.novelty.enabled", path, () -> c.getBoolean("patterns.novelty.enabled"));
    double noveltyThreshold = number(c, "patterns.novelty.threshold", path);
    boolean dedup = parse(c, "patterns.dedup-on-write.enabled", path, () -> c.getBoolean("patterns.dedup-on-write.enabled"));
    double dedupThreshold = number(c, "patterns.dedup-on-write.threshold", path);
    DedupOnWrite.Keep keep = parse(c, "patterns.dedup-on-write.keep", path,
        () -> enumValue(DedupOnWrite.Keep.class, c.getString("patterns.dedup-on-write.keep")));
    boolean adaptive = parse(c, "patterns.adaptive-recall.enabled", path,
        () -> c.getBoolean("patterns.adaptive-recall.enabled"));
    int kMin = parse(c, "patterns.adaptive-recall.k-min", path, () -> c.getInt("patterns.adaptive-recall.k-min"));
    int kMax = parse(c, "patterns.adaptive-recall.k-max", path, () -> c.getInt("patterns.adaptive-recall.k-max"));
    double fraction = number(c, "patterns.adaptive-recall.fraction", path);
    double lambda = number(c, "patterns.adaptive-recall.lambda", path);
    double duplicate = number(c, "patterns.adaptive-recall.duplicate-threshold", path);
    double grounding = number(c, "patterns.grounding.threshold", path);
    int groundingK = parse(c, "patterns.grounding.k", path, () -> c.getInt("patterns.grounding.k"));
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
    String dispatcher = parse(c, "actions.dispatcher", path, () -> c.getString("actions.dispatcher"));
    Duration timeout = parse(c, "actions.timeout", path, () -> c.getDuration("actions.timeout"));
    int retries = parse(c, "actions.retries", path, () -> c.getInt("actions.retries"));
    Duration backoff = parse(c, "actions.retry-backoff", path, () -> c.getDuration("actions.retry-backoff"));
    try {
      return new ActionSettings(dispatcher, timeout, retries, backoff);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(path + "." + e.getMessage(), e);
    }
  }

  private static ToolSettings tools(Config c, String path) {
    int max = parse(c, "tools.max-calls-per-step", path, () -> c.getInt("tools.max-calls-per-step"));
    boolean memory = parse(c, "tools.memory", path, () -> c.getBoolean("tools.memory"));
    boolean remember = parse(c, "tools.remember-calls", path, () -> c.getBoolean("tools.remember-calls"));
    ToolSettings.Guard guard = parse(c, "tools.guard", path, () -> ToolSettings.Guard.parse(c.getString("tools.guard")));
    try {
      return new ToolSettings(max, memory, remember, guard);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(path + "." + e.getMessage(), e);
    }
  }

  private static double number(Config c, String key, String path) {
    return parse(c, key, path, () -> c.getDouble(key));
  }

  static int positiveInt(Config c, String key, String path) {
    return parse(c, key, path, () -> positive(c.getInt(key)));
  }

  private static <T> T parse(Config c, String key, String path, Supplier<T> reader) {
    try {
      return reader.get();
    } catch (ConfigException | IllegalArgumentException e) {
      String value = c.hasPathOrNull(key) ? c.getValue(key).render() : "(missing)";
      throw new IllegalArgumentException(path + "." + key + " = " + value + ": " + reason(e), e);
    }
  }

  private static String reason(RuntimeException e) {
    String message = e.getMessage();
    int colon = e instanceof ConfigException ? message.lastIndexOf(": ") : -1;
    return colon >= 0 ? message.substring(colon + 2) : message; // drop the origin prefix; the path says where
  }

  private static String stringOrNull(Config c, String key) {
    try {
      return c.getString(key).trim().toLowerCase(Locale.ROOT);
    } catch (ConfigException.WrongType e) {
      return null;
    }
  }

  private static int positive(int value) {
    if (value <= 0) {
      throw new IllegalArgumentException("must be > 0: " + value);
    }
    return value;
  }

  private static <E extends Enum<E>> E enumValue(Class<E> type, String text) {
    String wanted = text.trim().toUpperCase(Locale.ROOT).replace('-', '_');
    for (E e : type.getEnumConstants()) {
      if (e.name().equals(wanted)) {
        return e;
      }
    }
    StringBuilder names = new StringBuilder();
    for (E e : type.getEnumConstants()) {
      names.append(names.length() == 0 ? "" : ", ").append(e.name().toLowerCase(Locale.ROOT).replace('_', '-'));
    }
    throw new IllegalArgumentException("expected one of " + names + ": '" + text + "'");
  }
}
