package dev.memloop.cli.command;

import dev.memloop.memory.Embedder;
import dev.memloop.runtime.config.EmbedderChoice;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * {@code --embedder}, shared by every command that embeds with one embedder of the user's choice: one of
 * {@link EmbedderChoice#FORMS}, {@code default} unless given, refused by name as a usage error (exit 2) before anything
 * runs.
 */
public final class EmbedderOption {

  @Option(names = "--embedder", defaultValue = "default", description = EmbedderChoice.FORMS
      + " (default: ${DEFAULT-VALUE}).")
  private String name;

  /** The embedder's name as given. */
  public String name() {
    return name;
  }

  /** The choice the name makes, or a usage error naming the value. */
  public EmbedderChoice choice(CommandLine.Model.CommandSpec spec) {
    return Options.valid(spec, () -> EmbedderChoice.parse(name));
  }

  /** The embedder the name makes (shared where memloop shares one), or a usage error naming the value. */
  public Embedder embedder(CommandLine.Model.CommandSpec spec) {
    return choice(spec).embedder();
  }
}
