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

  /** The working directory's config file, read by the {@code memloop} command (not by {@link #defaults()}). */
  public static final String WORKING_DIRECTORY_FILE = "application.conf";

  /**
   * The config the {@code memloop} command runs with, first source winning: {@code memloop.*} keys from the
   * environment ({@code CONFIG_FORCE_memloop_agent_policy=none}; {@code _} for a dot, {@code __} for a dash), then
   * {@code -D} system properties, then {@code file} (when given; it must exist), then {@code application.conf} in
   * the working directory, then {@code application.conf} on the classpath, then reference.conf. Every key under
   * {@code memloop} is checked ({@link MemloopKeys}).
   *
   * @throws IllegalArgumentException naming the file that is missing or unreadable, or the key that is unknown
   */
  public static Config load(Path file) {
    Config user = file == null ? ConfigFactory.empty() : parse(file, "config file");
    Path local = Path.of(WORKING_DIRECTORY_FILE);
    Config workingDirectory = Files.isRegularFile(local) ? parse(local, "working directory's") : ConfigFactory.empty();
    Config environment = ConfigFactory.systemEnvironmentOverrides();
    Config memloopEnvironment = environment.hasPath("memloop") ? environment.withOnlyPath("memloop")
        : ConfigFactory.empty(); // only memloop's own keys: the rest of the environment is the application's
    Config loaded;
    try {
      loaded = memloopEnvironment.withFallback(ConfigFactory.load(
          user.withFallback(workingDirectory).withFallback(ConfigFactory.defaultApplication()))).resolve();
      MemloopKeys.check(loaded); // a section given as a value (memloop.agent = 1) is a WrongType here
      PekkoSettings.check(loaded);
    } catch (ConfigException e) {
      throw new IllegalArgumentException("cannot read the config: " + e.getMessage(), e);
    } catch (StackOverflowError e) { // the parser and resolver recurse once per level of nesting
      throw new IllegalArgumentException("cannot read the config: it nests too deeply to resolve", e);
    }
    return loaded;
  }

  private static Config parse(Path file, String what) {
    if (!Files.isRegularFile(file)) {
      throw new IllegalArgumentException(what + " not found: " + file.toAbsolutePath());
    }
    try {
      return ConfigFactory.parseFile(file.toFile(), ConfigParseOptions.defaults().setAllowMissing(false));
    } catch (ConfigException e) {
      throw new IllegalArgumentException("cannot read " + what + " " + file + ": " + e.getMessage(), e);
    } catch (StackOverflowError e) { // HOCON's parser recurses once per level of nesting: a file 20,000 deep
      throw new IllegalArgumentException("cannot read " + what + " " + file + ": it nests objects or arrays too "
          + "deeply to parse (thousands of levels); no memloop setting is more than a few deep", e);
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
    MemloopKeys.check(root);
    return withTtls(AgentConfigReader.read(section(root, AGENT), AGENT), root);
  }

  /** The fleet's times to live ({@code memloop.memory.ttl.<kind>}) on an agent's or a group's settings. */
  private static AgentConfig withTtls(AgentConfig config, Config root) {
    return config.withMemory(config.memory().withTtls(AgentConfigReader.ttls(root)));
  }

  /** The section at {@code path}, refused by name when the config gives it as a value ({@code memloop.agent = 1}). */
  static Config section(Config root, String path) {
    try {
      return root.getConfig(path);
    } catch (ConfigException.WrongType e) {
      throw new IllegalArgumentException(path + " must be a section ({ ... }), not " + root.getValue(path).valueType()
          + " " + root.getValue(path).render() + " (" + root.getValue(path).origin().description() + ")", e);
    }
  }

  /**
   * The groups of {@code memloop.groups}, in name order, each over {@code memloop.agent}; when there are none,
   * one group named {@code default} of {@code defaultAgents} agents.
   */
  public static List<AgentGroup> groups(Config root, int defaultAgents) {
    AgentConfig base = agent(root);
    Config groups = section(root, GROUPS);
    List<AgentGroup> out = new ArrayList<>();
    for (String name : new TreeSet<>(groups.root().keySet())) {
      String path = GROUPS + "." + name;
      ConfigValue value = groups.root().get(name);
      if (!(value.unwrapped() instanceof Map)) {
        throw new IllegalArgumentException(path + ": a group must be an object of agent settings, got '"
            + value.render() + "'");
      }
      Config group = groups.getConfig(ConfigUtil.joinPath(name));
      if (!group.hasPath(AGENTS_KEY)) {
        throw new IllegalArgumentException(path + "." + AGENTS_KEY + " is missing: how many agents run in group " + name);
      }
      int agents = AgentConfigReader.positiveInt(group, AGENTS_KEY, path);
      GroupModel model = groupModel(group, path);
      AgentConfig config = withTtls(AgentConfigReader.read(group.withoutPath(AGENTS_KEY).withoutPath("llm")
          .withFallback(root.getConfig(AGENT)), path), root);
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
}
