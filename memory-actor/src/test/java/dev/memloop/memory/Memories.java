package dev.memloop.memory;

import dev.memloop.memory.embed.HashingEmbedder;
import java.util.function.UnaryOperator;

/** The memory variants every behavioural test runs against. */
enum Memories {
  SINGLE_OWNER(b -> b),
  THREAD_SAFE(WorkingMemoryBuilder::threadSafe),
  FLAT_INDEX(b -> b.index(IndexKind.FLAT)),
  HNSW_INDEX(b -> b.index(IndexKind.HNSW));

  static final Embedder EMBEDDER = new HashingEmbedder(64);

  private final UnaryOperator<WorkingMemoryBuilder> configure;

  Memories(UnaryOperator<WorkingMemoryBuilder> configure) {
    this.configure = configure;
  }

  WorkingMemory create() {
    return configure.apply(WorkingMemory.builder(EMBEDDER)).build();
  }

  WorkingMemory vectorsOnly(int dimension) {
    return configure.apply(WorkingMemory.builder(dimension)).build();
  }

  WorkingMemoryBuilder builder(Embedder embedder) {
    return configure.apply(WorkingMemory.builder(embedder));
  }
}
