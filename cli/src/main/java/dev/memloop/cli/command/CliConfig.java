package dev.memloop.cli.command;

import com.typesafe.config.Config;
import dev.memloop.pgvector.PgVectorConfig;
import dev.memloop.runtime.config.AgentConfigs;
import dev.memloop.runtime.llm.LlmSettings;
import java.nio.file.Path;

/**
 * The command line's configuration: {@link AgentConfigs#load} (every source, every key under {@code memloop}
 * checked against the reference), and then the add-on sections the command line carries ({@code memloop.llm},
 * {@code memloop.pgvector}) read once, so that a bad value there stops every command at its start, named, and not
 * only the run that would have used it ({@code CONFIG_FORCE_memloop_llm_timeout=30} was accepted by a fleet without
 * a model, and would have failed the next one that had one).
 */
public final class CliConfig {

  private CliConfig() {}

  /**
   * @param file {@code --config}, or null
   * @throws IllegalArgumentException naming the key, the value and where it came from
   */
  public static Config load(Path file) {
    Config root = AgentConfigs.load(file);
    LlmSettings.from(root, java.util.Map.of()); // the values only: the endpoint and key are read when a model runs
    dev.memloop.runtime.llm.CallLimits.from(root); // the bounds too, though no model may run
    PgVectorConfig.from(root);
    return root;
  }
}
