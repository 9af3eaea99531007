package dev.memloop.bench.experiments;

import dev.memloop.memory.Embedder;
import java.util.HashMap;
import java.util.Map;

/**
 * An embedder that embeds each distinct text once: the studies write the same wordings under many policies and
 * seeds, and a transformer's 5-10 ms per text would otherwise be most of their time. One thread only.
 */
final class CachingEmbedder implements Embedder {

  private final Embedder embedder;
  private final Map<String, float[]> cache = new HashMap<>();

  CachingEmbedder(Embedder embedder) {
    this.embedder = embedder;
  }

  @Override
  public float[] embed(String text) {
    return cache.computeIfAbsent(text, embedder::embed).clone();
  }

  @Override
  public int dimension() {
    return embedder.dimension();
  }

  @Override
  public String name() {
    return embedder.name();
  }
}
