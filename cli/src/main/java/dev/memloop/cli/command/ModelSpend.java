package dev.memloop.cli.command;

import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * The options of every command that may call a real model: which (none, or an OpenAI-compatible server), where,
 * and how many estimated tokens it may spend before it asks for {@code --yes}. Checked by {@link #check}.
 */
public final class ModelSpend {

  @Option(names = "--llm", defaultValue = "none", description = "none, or openai: a real model (OpenAI, or an "
      + "OpenAI-compatible server at OPENAI_BASE_URL or --llm-base-url; the key from OPENAI_API_KEY only). "
      + "Default: ${DEFAULT-VALUE}.")
  private String llm;

  @Option(names = "--llm-base-url", description = "The OpenAI-compatible server, as in http://127.0.0.1:11434/v1.")
  private String llmBaseUrl;

  @Option(names = "--token-budget", defaultValue = "100000", description = "Estimated tokens a run may spend "
      + "without --yes (default: ${DEFAULT-VALUE}).")
  private long tokenBudget;

  @Option(names = "--yes", description = "Spend beyond --token-budget.")
  private boolean yes;

  /** Refuses a bad value naming the flag. */
  public void check(CommandLine.Model.CommandSpec spec) {
    Options.require(spec, llm.equals("none") || llm.equals("openai"), "--llm must be none or openai: '" + llm + "'");
    Options.require(spec, tokenBudget >= 0, "--token-budget must be >= 0: " + tokenBudget);
  }

  public boolean real() {
    return llm.equals("openai");
  }

  /** The refusal when the estimate exceeds the budget and the user did not say yes. */
  public CommandLine.ParameterException overBudget(CommandLine.Model.CommandSpec spec) {
    return new CommandLine.ParameterException(spec.commandLine(), "the estimated tokens exceed --token-budget "
        + tokenBudget + "; rerun with --yes to spend them (no model call was made)");
  }

  /** {@code llm} as given. */
  public String llm() {
    return llm;
  }

  /** {@code llmBaseUrl} as given. */
  public String llmBaseUrl() {
    return llmBaseUrl;
  }

  /** {@code tokenBudget} as given. */
  public long tokenBudget() {
    return tokenBudget;
  }

  /** {@code yes} as given. */
  public boolean yes() {
    return yes;
  }
}
