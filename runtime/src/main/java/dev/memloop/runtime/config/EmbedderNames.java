package dev.memloop.runtime.config;

import dev.memloop.memory.Embedder;

/** Embedders by their names in configs and flags: {@link EmbedderChoice#parse} then {@link EmbedderChoice#embedder}. */
public final class EmbedderNames {

  private EmbedderNames() {}

  /**
   * The embedder named {@code name}, one of {@link EmbedderChoice#FORMS}, shared per JVM.
   *
   * @throws IllegalArgumentException for anything else, naming the value
   */
  public static Embedder resolve(String name) {
    return EmbedderChoice.parse(name).embedder();
  }
}
