package dev.memloop.memory.embed;

import dev.memloop.memory.Embedder;

/**
 * A deterministic feature-hashing embedder: lower-cased words (letters and digits) and their character
 * trigrams, each hashed to a signed bucket, summed and L2-normalized. No model, no allocation beyond the
 * result, the same vector for the same text on every JVM. Texts sharing words or word pieces come out
 * similar, which is enough for tests and for measuring the store alone; it knows no meaning.
 *
 * <p>Text without a letter or digit embeds to the zero vector. Thread-safe (stateless).
 */
public final class HashingEmbedder implements Embedder {

  private static final float WORD_WEIGHT = 1.0f;
  private static final float TRIGRAM_WEIGHT = 0.5f;

  private final int dimension;

  public HashingEmbedder(int dimension) {
    if (dimension <= 0) {
      throw new IllegalArgumentException("dimension must be > 0: " + dimension);
    }
    this.dimension = dimension;
  }

  @Override
  public int dimension() {
    return dimension;
  }

  @Override
  public String name() {
    return "hashing-" + dimension;
  }

  @Override
  public float[] embed(String text) {
    if (text == null) {
      throw new IllegalArgumentException("text must not be null");
    }
    float[] vector = new float[dimension];
    int length = text.length();
    int start = -1;
    for (int i = 0; i <= length; i++) {
      boolean wordChar = i < length && Character.isLetterOrDigit(text.charAt(i));
      if (wordChar && start < 0) {
        start = i;
      } else if (!wordChar && start >= 0) {
        addWord(text, start, i, vector);
        start = -1;
      }
    }
    normalize(vector);
    return vector;
  }

  private void addWord(String text, int from, int to, float[] vector) {
    int wordHash = 0x811C9DC5; // FNV-1a over the lower-cased word
    for (int i = from; i < to; i++) {
      wordHash = (wordHash ^ Character.toLowerCase(text.charAt(i))) * 0x01000193;
    }
    add(vector, wordHash, WORD_WEIGHT);
    for (int i = from; i + 3 <= to; i++) {
      int gram = 0x9747B28C;
      for (int j = i; j < i + 3; j++) {
        gram = (gram ^ Character.toLowerCase(text.charAt(j))) * 0x01000193;
      }
      add(vector, gram, TRIGRAM_WEIGHT);
    }
  }

  private void add(float[] vector, int hash, float weight) {
    int mixed = (hash ^ (hash >>> 16)) * 0x45D9F3B; // spread low-entropy hashes before taking a bucket
    int bucket = Math.floorMod(mixed, dimension);
    vector[bucket] += (mixed & 0x40000000) == 0 ? weight : -weight;
  }

  private static void normalize(float[] vector) {
    double sum = 0;
    for (float x : vector) {
      sum += (double) x * x;
    }
    if (sum > 0) {
      float inverse = (float) (1 / Math.sqrt(sum));
      for (int i = 0; i < vector.length; i++) {
        vector[i] *= inverse;
      }
    }
  }
}
