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
}
