package dev.memloop.runtime.config;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigParseOptions;
import com.typesafe.config.ConfigUtil;
import com.typesafe.config.ConfigValue;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads agent settings from HOCON: {@code memloop.agent} for every agent and {@code memloop.groups.<name>} per
 * group, over the defaults in {@code reference.conf}. Unknown keys and bad values are rejected with the full
 * key path and the value, before any agent starts.
 */
public final class AgentConfigs {

  public static final String AGENT = "memloop.agent";
  public static final String GROUPS = "memloop.groups";
  private static final String AGENTS_KEY = "agents";
  private static final String LLM_MODEL = "llm.model";
  private static final String LLM_BASE_URL = "llm.base-url";

  private AgentConfigs() {}

  /** {@code file} over {@code application.conf} over {@code reference.conf}; the file must exist. */
  public static Config load(Path file) {
    if (file == null) {
      return ConfigFactory.load();
    }
    if (!Files.isRegularFile(file)) {
      throw new IllegalArgumentException("config file not found: " + file.toAbsolutePath());
    }
    try {
      Config user = ConfigFactory.parseFile(file.toFile(), ConfigParseOptions.defaults().setAllowMissing(false));
      return ConfigFactory.load(user.withFallback(ConfigFactory.defaultApplication()));
    } catch (ConfigException e) {
      throw new IllegalArgumentException("cannot read config file " + file + ": " + e.getMessage(), e);
    }
  }

  /**
   * The settings of {@code memloop.agent} as {@code ConfigFactory.load()} reads them (application.conf, system
   * properties, reference.conf), read once per JVM: what an agent spec built without a config gets.
   */
  public static AgentConfig defaults() {
    AgentConfig config = defaults;
    if (config == null) { // read on first use, not at class load: a bad application.conf fails here, every time
      config = agent(ConfigFactory.load());
      defaults = config;
    }
    return config;
  }

  private static volatile AgentConfig defaults;

  /** The settings every agent starts from ({@code memloop.agent}). */
  public static AgentConfig agent(Config root) {
    Config section = root.getConfig(AGENT);
    rejectUnknown(section, AGENT, Set.of());
    return AgentConfigReader.read(section, AGENT);
  }

  /**
   * The groups of {@code memloop.groups}, in name order, each over {@code memloop.agent}; when there are none,
   * one group named {@code default} of {@code defaultAgents} agents.
   */
  public static List<AgentGroup> groups(Config root, int defaultAgents) {
    AgentConfig base = agent(root);
    Config groups = root.getConfig(GROUPS);
    List<AgentGroup> out = new ArrayList<>();
    for (String name : new TreeSet<>(groups.root().keySet())) {
      String path = GROUPS + "." + name;
      ConfigValue value = groups.root().get(name);
      if (!(value.unwrapped() instanceof Map)) {
        throw new IllegalArgumentException(path + ": a group must be an object of agent settings, got '"
            + value.render() + "'");
      }
      Config group = groups.getConfig(ConfigUtil.joinPath(name));
      rejectUnknown(group, path, Set.of(AGENTS_KEY, LLM_MODEL, LLM_BASE_URL));
      if (!group.hasPath(AGENTS_KEY)) {
        throw new IllegalArgumentException(path + "." + AGENTS_KEY + " is missing: how many agents run in group " + name);
      }
      int agents = AgentConfigReader.positiveInt(group, AGENTS_KEY, path);
      GroupModel model = groupModel(group, path);
      AgentConfig config = AgentConfigReader.read(group.withoutPath(AGENTS_KEY).withoutPath("llm")
          .withFallback(root.getConfig(AGENT)), path);
      out.add(new AgentGroup(name, agents, config, model));
    }
    if (out.isEmpty()) {
      out.add(new AgentGroup("default", defaultAgents, base));
    }
    return out;
  }

  private static GroupModel groupModel(Config group, String path) {
    try {
      return new GroupModel(group.hasPath(LLM_MODEL) ? group.getString(LLM_MODEL) : "",
          group.hasPath(LLM_BASE_URL) ? group.getString(LLM_BASE_URL) : "");
    } catch (ConfigException e) {
      throw new IllegalArgumentException(path + ".llm: " + e.getMessage(), e);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(path + "." + e.getMessage(), e);
    }
  }

  /** Every key of {@code section} must be a key of {@code memloop.agent} in reference.conf (or an extra). */
  private static void rejectUnknown(Config section, String path, Set<String> extras) {
    Config reference = ConfigFactory.defaultReference().getConfig(AGENT);
    for (Map.Entry<String, ConfigValue> entry : section.entrySet()) {
      String key = entry.getKey();
      if (!reference.hasPath(key) && !extras.contains(key)) {
        throw new IllegalArgumentException("unknown config key " + path + "." + key + " = " + entry.getValue().render()
            + " (" + entry.getValue().origin().description() + "); see memloop.agent in reference.conf");
      }
    }
  }
}
