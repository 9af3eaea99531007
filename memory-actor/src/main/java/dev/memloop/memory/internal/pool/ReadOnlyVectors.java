package dev.memloop.memory.internal.pool;

import dev.memloop.memory.Embedder;

/**
 * An embedder that can hand out a vector it keeps instead of a copy, to callers that only read it. What
 * {@link Embedder#embed} returns belongs to the caller, who may scale it in place, so a caching embedder copies what
 * it keeps on every call; a fleet's guard embeds one catalog line per step and only reads the vector (the memory's
 * read and write paths copy what they keep), and the copy was a kilobyte of garbage per step.
 */
public interface ReadOnlyVectors {

  /** The vector of {@code text}, possibly shared with other callers: never write to it. */
  float[] embedReadOnly(String text);

  /** {@code embedder}'s vector of {@code text}, shared if it keeps one: the caller must never write to it. */
  static float[] of(Embedder embedder, String text) {
    return embedder instanceof ReadOnlyVectors kept ? kept.embedReadOnly(text) : embedder.embed(text);
  }
}
