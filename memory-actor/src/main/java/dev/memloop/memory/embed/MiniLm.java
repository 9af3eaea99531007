package dev.memloop.memory.embed;

import dev.memloop.memory.Embedder;
import dev.memloop.memory.langchain4j.EmbeddingModelEmbedder;

/**
 * Makes the in-process MiniLM. Its own class so that {@link Embedders} names no langchain4j type: a user without
 * langchain4j on the class path loads {@code Embedders} for the default model and must not need it.
 */
final class MiniLm {

  private static final String TYPE =
      "dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel";

  private MiniLm() {}

  static Embedder create() {
    try {
      Object model = Class.forName(TYPE).getDeclaredConstructor().newInstance();
      return new EmbeddingModelEmbedder((dev.langchain4j.model.embedding.EmbeddingModel) model, "minilm-l6-v2-q-onnx");
    } catch (ClassNotFoundException | NoClassDefFoundError e) {
      throw new MissingModelException("the in-process MiniLM needs dev.langchain4j:langchain4j-embeddings-all-"
          + "minilm-l6-v2-q on the class path (an optional dependency of memloop)");
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot start the in-process MiniLM: " + e, e);
    }
  }
}
