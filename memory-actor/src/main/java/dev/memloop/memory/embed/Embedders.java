package dev.memloop.memory.embed;

import dev.memloop.memory.Embedder;
import dev.memloop.memory.langchain4j.EmbeddingModelEmbedder;
import java.nio.file.Path;

/**
 * The embedders memloop offers, from microseconds to a network round trip:
 *
 * <ul>
 *   <li>{@link #defaultLocal()}: the static table distilled from all-MiniLM-L6-v2 at first use and cached
 *       (~1-2 us per short line);
 *   <li>{@link #staticModel(Path)}: any model2vec directory, such as a potion model placed by the user;
 *   <li>{@link #miniLm()}: the in-process transformer (milliseconds), the quality reference;
 *   <li>{@link #openAi(OpenAiEmbedder.Settings)}: OpenAI or a compatible server (hundreds of ms), the
 *       network baseline;
 *   <li>{@link #hashing(int)}: deterministic feature hashing, for tests.
 * </ul>
 *
 * Thread-safe.
 */
public final class Embedders {

  private static volatile StaticEmbedder defaultLocal;

  private Embedders() {}

  /**
   * The distilled static model (256 dimensions), distilled into the cache on the first call of the JVM
   * that finds none (about 10-35 s on 2 cores, with a progress bar), loaded from it after.
   */
  public static StaticEmbedder defaultLocal() {
    StaticEmbedder local = defaultLocal;
    if (local == null) {
      synchronized (Embedders.class) {
        local = defaultLocal;
        if (local == null) {
          try (ProgressBarReporter progress = new ProgressBarReporter("distilling memloop's static embedder")) {
            local = DistilledModels.loadOrDistill(DistilledModels.cacheRoot(), TeacherModel.load(TeacherModel.MINILM),
                Distiller.Options.DEFAULT, progress);
          }
          defaultLocal = local;
        }
      }
    }
    return local;
  }

  /** A model2vec directory (model.safetensors, tokenizer.json, config.json). */
  public static StaticEmbedder staticModel(Path directory) {
    return StaticEmbedder.load(directory);
  }

  /** langchain4j's in-process all-MiniLM-L6-v2 (quantized ONNX): 384 dimensions, milliseconds per text. */
  public static Embedder miniLm() {
    String type = "dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel";
    try {
      Object model = Class.forName(type).getDeclaredConstructor().newInstance();
      return new EmbeddingModelEmbedder((dev.langchain4j.model.embedding.EmbeddingModel) model, "minilm-l6-v2-q-onnx");
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException("the in-process MiniLM needs dev.langchain4j:langchain4j-embeddings-all-"
          + "minilm-l6-v2-q on the classpath (an optional dependency of memloop)", e);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot start the in-process MiniLM: " + e, e);
    }
  }

  /** OpenAI embeddings (or a compatible server) through langchain4j-open-ai. */
  public static OpenAiEmbedder openAi(OpenAiEmbedder.Settings settings) {
    return new OpenAiEmbedder(settings);
  }

  /** Feature hashing: deterministic, no model, no meaning. */
  public static HashingEmbedder hashing(int dimension) {
    return new HashingEmbedder(dimension);
  }
}
