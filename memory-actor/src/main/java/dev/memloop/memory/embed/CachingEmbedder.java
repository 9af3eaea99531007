package dev.memloop.memory.embed;

import dev.memloop.memory.Embedder;
import dev.memloop.memory.internal.pool.BoundedInterner;

/**
 * An embedder that embeds each text once: a text seen before is answered with a copy of its first vector, the same
 * floats the embedder returned (it must be deterministic, as every embedder memloop offers is). For callers that embed
 * the same few texts over and over, as a fleet's guards embed the action lines of one catalog on every step.
 *
 * <p>Keeps at most {@code maxTexts} texts and their vectors for as long as it lives, never evicting; beyond that,
 * texts not kept are embedded on every call. Thread-safe when the embedder is. Its name is the embedder's: the
 * vectors are the embedder's, so thresholds calibrated for it hold.
 */
final class CachingEmbedder implements Embedder {

  private final Embedder embedder;
  private final BoundedInterner<String, float[]> vectors;

  CachingEmbedder(Embedder embedder, int maxTexts) {
    if (embedder == null) {
      throw new IllegalArgumentException("embedder must not be null");
    }
    if (maxTexts <= 0) {
      throw new IllegalArgumentException("cached texts must be > 0: " + maxTexts);
    }
    this.embedder = embedder;
    this.vectors = new BoundedInterner<>(maxTexts);
  }

  @Override
  public float[] embed(String text) {
    return embedReadOnly(text).clone(); // the caller owns what embed returns, and may scale it in place
  }

  /** The vector kept for {@code text}, not a copy (a text not kept yet is embedded and offered to the cache). */
  @Override
  public float[] embedReadOnly(String text) {
    if (text == null) {
      throw new IllegalArgumentException("text must not be null");
    }
    float[] held = vectors.get(text);
    return held != null ? held : vectors.intern(text, embedder.embed(text));
  }

  @Override
  public int dimension() {
    return embedder.dimension();
  }

  @Override
  public String name() {
    return embedder.name();
  }

  /** Texts kept. */
  int cached() {
    return vectors.size();
  }
}
