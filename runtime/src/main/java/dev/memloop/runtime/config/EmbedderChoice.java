package dev.memloop.runtime.config;

import dev.memloop.memory.Embedder;
import dev.memloop.memory.embed.Embedders;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which embedder an agent uses ({@code memloop.agent.memory.embedder}, {@code --embedder}), parsed once from its one
 * spelling: {@code default} (the static model distilled at first use), {@code hashing} or {@code hashing-N}
 * (deterministic feature hashing, N dimensions, 256 by default), {@code minilm} (the in-process transformer), or the
 * path of a model2vec directory. {@link #embedder()} makes it, one shared instance per choice per JVM (a static
 * table is tens of megabytes; embedders are thread-safe). Immutable.
 *
 * @param dimension the hashing embedder's dimension (0 for the others)
 * @param directory the model2vec directory (null for the others)
 */
public record EmbedderChoice(Kind kind, int dimension, Path directory) {

  /** Every form a choice is written in, for messages and help texts. */
  public static final String FORMS = "default, hashing, hashing-N, minilm or a model2vec directory";
  /** The hashing embedder's dimension when named plainly ({@code hashing}). */
  public static final int HASHING_DIMENSION = 256;

  public static final EmbedderChoice DEFAULT = new EmbedderChoice(Kind.DEFAULT, 0, null);

  private static final Map<EmbedderChoice, Embedder> MADE = new ConcurrentHashMap<>();

  /** The kinds of embedder. */
  public enum Kind { DEFAULT, HASHING, MINILM, DIRECTORY }

  public EmbedderChoice {
    if (kind == null) {
      throw new IllegalArgumentException("an embedder choice needs its kind");
    }
    if (kind == Kind.HASHING && (dimension <= 0 || dimension > 65_536)) {
      throw new IllegalArgumentException("the hashing embedder's dimension must be in [1, 65536]: " + dimension);
    }
    if ((kind == Kind.DIRECTORY) != (directory != null)) {
      throw new IllegalArgumentException("only a model directory choice names a directory: " + kind + ", " + directory);
    }
  }

  /**
   * Reads one of the {@link #FORMS}.
   *
   * @throws IllegalArgumentException naming the value: blank, {@code hashing-} without a whole number, or a path
   *     that is not a directory
   */
  public static EmbedderChoice parse(String text) {
    String name = text == null ? "" : text.trim();
    switch (name) {
      case "" -> throw new IllegalArgumentException("embedder must be " + FORMS + ": '" + text + "'");
      case "default" -> {
        return DEFAULT;
      }
      case "minilm" -> {
        return new EmbedderChoice(Kind.MINILM, 0, null);
      }
      case "hashing" -> {
        return new EmbedderChoice(Kind.HASHING, HASHING_DIMENSION, null);
      }
      default -> {
        if (name.startsWith("hashing-")) {
          try {
            return new EmbedderChoice(Kind.HASHING, Integer.parseInt(name.substring("hashing-".length())), null);
          } catch (NumberFormatException e) {
            throw new IllegalArgumentException("hashing embedder needs a dimension, as in hashing-256: '" + name + "'");
          }
        }
        Path directory = Path.of(name);
        if (!Files.isDirectory(directory)) {
          throw new IllegalArgumentException("embedder must be " + FORMS + " (no such directory): '" + name + "'");
        }
        return new EmbedderChoice(Kind.DIRECTORY, 0, directory);
      }
    }
  }

  /** The embedder, made on first use and shared. */
  public Embedder embedder() {
    Embedder made = MADE.get(this);
    if (made != null) {
      return made;
    }
    Embedder fresh = make(); // outside computeIfAbsent: distilling takes seconds and may load other choices
    Embedder raced = MADE.putIfAbsent(this, fresh);
    return raced == null ? fresh : raced;
  }

  private Embedder make() {
    return switch (kind) {
      case DEFAULT -> Embedders.defaultLocal();
      case MINILM -> Embedders.miniLm();
      case HASHING -> Embedders.hashing(dimension);
      case DIRECTORY -> Embedders.staticModel(directory);
    };
  }

  /** The choice as it is written in a config. */
  public String configName() {
    return switch (kind) {
      case DEFAULT -> "default";
      case MINILM -> "minilm";
      case HASHING -> "hashing-" + dimension;
      case DIRECTORY -> directory.toString();
    };
  }

  @Override
  public String toString() {
    return configName();
  }
}
