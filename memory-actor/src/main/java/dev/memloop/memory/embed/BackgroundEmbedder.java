package dev.memloop.memory.embed;

import dev.memloop.memory.Embedder;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * An embedder whose model loads elsewhere ({@link Embedders#defaultLocalInBackground()}): its name and dimension
 * now, its embeddings once the load is done (the first waits for it). Thread-safe.
 */
final class BackgroundEmbedder implements Embedder {

  private final String name;
  private final int dimension;
  private final CompletableFuture<? extends Embedder> model;

  BackgroundEmbedder(String name, int dimension, CompletableFuture<? extends Embedder> model) {
    this.name = name;
    this.dimension = dimension;
    this.model = model;
  }

  private Embedder model() {
    try {
      Embedder loaded = model.join();
      if (loaded.dimension() != dimension || !loaded.name().equals(name)) { // the header said otherwise: a bug
        throw new IllegalStateException("the default model loaded as " + loaded.name() + " (" + loaded.dimension()
            + " dimensions), not the " + name + " its header announced");
      }
      return loaded;
    } catch (CompletionException failed) {
      if (failed.getCause() instanceof RuntimeException cause) {
        throw cause;
      }
      throw failed;
    }
  }

  @Override
  public float[] embed(String text) {
    return model().embed(text);
  }

  @Override
  public float[] embedReadOnly(String text) {
    return model().embedReadOnly(text);
  }

  @Override
  public int dimension() {
    return dimension;
  }

  @Override
  public String name() {
    return name;
  }
}
