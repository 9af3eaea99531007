package dev.memloop.memory;

/**
 * Turns text into a vector of a fixed dimension. Implementations range from a microsecond static table
 * to a network call; {@link WorkingMemory} times every call separately from its own store operation.
 *
 * <p>{@code embed} returns a new array that the caller owns and may modify. Text with no known token may
 * embed to the zero vector: a memory rejects it on write and answers "nothing found" on read. An
 * embedder shared by a thread-safe memory, or by several memories on different threads, must be
 * thread-safe.
 */
public interface Embedder {

  /** Embeds {@code text}; never returns null. */
  float[] embed(String text);

  /** The length of every vector this embedder returns. */
  int dimension();

  /** A short name for reports, such as {@code "hashing-256"}. */
  default String name() {
    return getClass().getSimpleName() + "-" + dimension();
  }

  /**
   * The vector of {@code text} for a caller that only reads it, possibly one this embedder keeps and hands to every
   * such caller: never write to it. By default a new vector, as {@link #embed}; a caching embedder
   * ({@code Embedders.cached}) answers the vector it keeps instead of a copy, because a fleet's guard embeds one
   * catalog line per step and only reads it (the memory's read and write paths copy what they keep), and the copy
   * was a kilobyte of garbage per step.
   */
  default float[] embedReadOnly(String text) {
    return embed(text);
  }

  /** Whether {@code vector} has no direction: its text had no token the embedder knows, so nothing is like it. */
  static boolean isZero(float[] vector) {
    for (float v : vector) {
      if (v != 0) {
        return false;
      }
    }
    return true;
  }
}
