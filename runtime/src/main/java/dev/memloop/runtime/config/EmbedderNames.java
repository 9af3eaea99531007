package dev.memloop.runtime.config;

import dev.memloop.memory.Embedder;
import dev.memloop.memory.embed.Embedders;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Turns {@code memory.embedder} values into embedders, one instance per name per JVM (a static table is
 * tens of megabytes; every agent shares it, and embedders are thread-safe).
 */
public final class EmbedderNames {

  /** The hashing embedder's dimension when named plainly ({@code hashing}). */
  public static final int HASHING_DIMENSION = 256;

  private static final Map<String, Embedder> CACHE = new ConcurrentHashMap<>();

  private EmbedderNames() {}

  /**
   * {@code default} (the distilled static model, made at first use), {@code hashing} or {@code hashing-N},
   * {@code minilm}, or a path to a model2vec directory.
   *
   * @throws IllegalArgumentException for anything else, naming the value
   */
  public static Embedder resolve(String name) {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("embedder must be default, hashing, minilm or a model directory: '" + name + "'");
    }
    String key = name.trim();
    Embedder cached = CACHE.get(key);
    if (cached != null) {
      return cached;
    }
    Embedder made = make(key); // outside computeIfAbsent: distilling takes seconds and may recurse into the cache
    Embedder raced = CACHE.putIfAbsent(key, made);
    return raced == null ? made : raced;
  }

  private static Embedder make(String name) {
    if (name.equals("default")) {
      return Embedders.defaultLocal();
    }
    if (name.equals("minilm")) {
      return Embedders.miniLm();
    }
    if (name.equals("hashing")) {
      return Embedders.hashing(HASHING_DIMENSION);
    }
    if (name.startsWith("hashing-")) {
      try {
        return Embedders.hashing(Integer.parseInt(name.substring("hashing-".length())));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("hashing embedder needs a dimension, as in hashing-256: '" + name + "'");
      }
    }
    Path directory = Path.of(name);
    if (Files.isDirectory(directory)) {
      return Embedders.staticModel(directory);
    }
    throw new IllegalArgumentException("embedder must be default, hashing, hashing-N, minilm or an existing "
        + "model2vec directory: '" + name + "'");
  }
}
