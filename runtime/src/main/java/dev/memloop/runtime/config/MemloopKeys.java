package dev.memloop.runtime.config;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigUtil;
import com.typesafe.config.ConfigValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks every key under {@code memloop} against memloop's {@code reference.conf}, wherever it came from (a file,
 * a {@code -D} property, the environment): a key reference.conf does not define is refused with its path, value
 * and origin, and with the nearest known key when one is close ("did you mean"). A group's keys
 * ({@code memloop.groups.<name>.*}) are checked against {@code memloop.agent} plus the group's own. A known key whose
 * reference value is a number or a boolean must be one too (as HOCON reads them: {@code "5"} is a number, {@code abc}
 * is not), so that a setting no command of this run reads is still refused at the start, not by the run that reads
 * it. Stateless.
 */
public final class MemloopKeys {

  /** Properties read with {@code System.getProperty}, not through the config, and so not in reference.conf. */
  static final Set<String> JVM_PROPERTIES = Set.of("memloop.home", "memloop.cache.dir", "memloop.vector.impl");
  /** Keys only a group has, beside an agent's. */
  static final Set<String> GROUP_KEYS = Set.of("agents", "llm.model", "llm.base-url");
  /** Sections whose keys are Pekko's dispatcher settings: Pekko reads them, and any executor's keys may appear. */
  private static final List<String> DISPATCHERS = List.of("memloop.dispatcher", "memloop.action-dispatcher");
  /** Sections that are maps whose keys are the user's (tool names), under an agent's or a group's settings. */
  private static final List<String> USER_MAPS = List.of("tools.semantic-guard");
  private static final String ROOT = "memloop";
  private static final String GROUPS = AgentConfigs.GROUPS + ".";
  /** Sections an add-on module's reference.conf defines: absent with the core alone, and named when used. */
  static final Map<String, String> ADD_ON_SECTIONS = Map.of("memloop.llm", "dev.memloop:memloop-llm",
      "memloop.llm.mcp", "dev.memloop:memloop-llm-mcp", "memloop.pgvector", "dev.memloop:memloop-pgvector");
  /** Sections whose keys are the user's names (MCP servers): their reader checks what is inside, by name. */
  private static final List<String> NAMED_SECTIONS = List.of("memloop.llm.mcp.servers");
  /** The farthest a misspelling may be from the key meant, in edits. */
  private static final int NEAR = 3;

  private MemloopKeys() {}

  /**
   * Refuses the first key under {@code memloop} in {@code root} that reference.conf does not know.
   *
   * @throws IllegalArgumentException naming the key, its value, where it was set, and the key meant when close
   */
  public static void check(Config root) {
    if (!root.hasPath(ROOT)) {
      return;
    }
    Config reference = reference();
    for (Map.Entry<String, ConfigValue> entry : root.getConfig(ROOT).entrySet()) {
      String key = ROOT + "." + entry.getKey();
      if (key.startsWith(GROUPS)) {
        checkGroupKey(key, entry.getValue(), reference);
      } else if (known(key, reference)) {
        checkType(root, key, entry.getValue(), reference);
      } else {
        String section = addOnSection(key);
        if (section != null && !reference.hasPath(section)) {
          throw new IllegalArgumentException("config key " + key + " = " + entry.getValue().render() + " ("
              + entry.getValue().origin().description() + ") is read by " + ADD_ON_SECTIONS.get(section)
              + ", which is not on the class path: add it, or remove " + section);
        }
        throw unknown(key, entry.getValue(), nearest(key, leaves(reference, ROOT)));
      }
    }
  }

  /** Refuses a value that cannot be read as the number or boolean its reference value is. */
  private static void checkType(Config root, String key, ConfigValue value, Config reference) {
    if (!reference.hasPath(key)) {
      return; // a JVM property, a user's map, a dispatcher key: read (and checked) by what reads it
    }
    com.typesafe.config.ConfigValueType expected = reference.getValue(key).valueType();
    try {
      if (expected == com.typesafe.config.ConfigValueType.NUMBER) {
        root.getNumber(key);
      } else if (expected == com.typesafe.config.ConfigValueType.BOOLEAN) {
        root.getBoolean(key);
      }
    } catch (com.typesafe.config.ConfigException.WrongType e) {
      throw new IllegalArgumentException("config key " + key + " = " + value.render() + " ("
          + value.origin().description() + ") must be a " + expected.name().toLowerCase(java.util.Locale.ROOT)
          + ", as in reference.conf: " + reference.getValue(key).render());
    }
  }

  private static void checkGroupKey(String key, ConfigValue value, Config reference) {
    List<String> parts = ConfigUtil.splitPath(key);
    if (parts.size() < 4) {
      return; // memloop.groups.<name> = <not an object>: AgentConfigs.groups names it
    }
    String group = ConfigUtil.joinPath(parts.subList(0, 3));
    String inGroup = ConfigUtil.joinPath(parts.subList(3, parts.size()));
    if (!reference.hasPathOrNull(AgentConfigs.AGENT + "." + inGroup) && !GROUP_KEYS.contains(inGroup)
        && !inUserMap(inGroup)) {
      List<String> candidates = new ArrayList<>(leaves(reference, AgentConfigs.AGENT).stream()
          .map(k -> k.substring(AgentConfigs.AGENT.length() + 1)).toList());
      candidates.addAll(GROUP_KEYS);
      String near = nearest(inGroup, candidates);
      throw unknown(key, value, near == null ? null : group + "." + near);
    }
  }

  /** memloop's reference.conf alone: {@code defaultReference()} would include the system properties being checked. */
  private static Config reference() {
    Config unresolved = ConfigFactory.defaultReferenceUnresolved();
    return unresolved.hasPath(ROOT) ? unresolved.withOnlyPath(ROOT).resolve() : ConfigFactory.empty();
  }

  /** The add-on section {@code key} is in, the innermost when sections nest (memloop.llm.mcp in memloop.llm). */
  private static String addOnSection(String key) {
    String found = null;
    for (String section : ADD_ON_SECTIONS.keySet()) {
      if (key.startsWith(section + ".") && (found == null || section.length() > found.length())) {
        found = section;
      }
    }
    return found;
  }

  private static boolean inUserMap(String keyInAgent) {
    return USER_MAPS.stream().anyMatch(map -> keyInAgent.startsWith(map + "."));
  }

  private static boolean known(String key, Config reference) {
    if (reference.hasPathOrNull(key) || JVM_PROPERTIES.contains(key)) {
      return true;
    }
    for (String named : NAMED_SECTIONS) {
      if (key.startsWith(named + ".") && reference.hasPath(named)) {
        return true;
      }
    }
    if (key.startsWith(AgentConfigs.AGENT + ".") && inUserMap(key.substring(AgentConfigs.AGENT.length() + 1))) {
      return true;
    }
    for (String dispatcher : DISPATCHERS) {
      if (key.startsWith(dispatcher + ".")) {
        return true;
      }
    }
    return false;
  }

  private static List<String> leaves(Config reference, String path) {
    List<String> keys = new ArrayList<>();
    for (Map.Entry<String, ConfigValue> entry : reference.getConfig(path).entrySet()) {
      keys.add(path + "." + entry.getKey());
    }
    keys.addAll(JVM_PROPERTIES.stream().filter(k -> k.startsWith(path + ".")).toList());
    return keys;
  }

  /** The candidate fewest edits from {@code key}, if within {@link #NEAR}; null when none is close. */
  static String nearest(String key, List<String> candidates) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String candidate : candidates) {
      int d = EditDistance.within(key, candidate, NEAR);
      if (d >= 0 && d < bestDistance) { // -1: farther than NEAR
        best = candidate;
        bestDistance = d;
      }
    }
    return best;
  }

  private static IllegalArgumentException unknown(String key, ConfigValue value, String near) {
    return new IllegalArgumentException("unknown config key " + key + " = " + value.render() + " ("
        + value.origin().description() + ")" + (near == null ? "" : "; did you mean " + near + "?")
        + " Every key is in memloop's reference.conf");
  }
}
