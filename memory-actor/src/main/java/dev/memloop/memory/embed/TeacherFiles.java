package dev.memloop.memory.embed;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The teacher's files as bytes, with no onnxruntime class in sight: the cache is keyed by the teacher model's hash,
 * and finding a cached table must not need the runtime that distilled it ({@link TeacherModel} runs it).
 */
final class TeacherFiles {

  static final String MODEL_RESOURCE = "all-minilm-l6-v2-q.onnx";
  static final String TOKENIZER_RESOURCE = "all-minilm-l6-v2-q-tokenizer.json";
  private static final String ONNX_RUNTIME_CLASS = "ai/onnxruntime/OrtEnvironment.class";

  private TeacherFiles() {}

  /** The teacher's ONNX model, or null when its artifact is not on the class path. */
  static byte[] modelBytes(ClassLoader loader) {
    return bytes(loader, MODEL_RESOURCE);
  }

  static byte[] bytes(ClassLoader loader, String resource) {
    try (InputStream in = loader.getResourceAsStream(resource)) {
      return in == null ? null : in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the teacher resource " + resource + ": " + e.getMessage(), e);
    }
  }

  /** Whether onnxruntime is on the class path, asked without loading any of its classes. */
  static boolean onnxRuntimePresent(ClassLoader loader) {
    return loader.getResource(ONNX_RUNTIME_CLASS) != null;
  }

  static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required of every JVM", e);
    }
  }
}
