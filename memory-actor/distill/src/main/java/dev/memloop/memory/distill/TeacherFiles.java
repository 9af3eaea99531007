package dev.memloop.memory.distill;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The teacher's files as bytes and their hashes, with no onnxruntime class in sight ({@link TeacherModel} runs it):
 * the cache is keyed by the teacher model's hash, and a table's files are checked against the hashes in its manifest.
 */
final class TeacherFiles {

  static final String MODEL_RESOURCE = "all-minilm-l6-v2-q.onnx";
  static final String TOKENIZER_RESOURCE = "all-minilm-l6-v2-q-tokenizer.json";

  private TeacherFiles() {}

  static byte[] bytes(ClassLoader loader, String resource) {
    try (InputStream in = loader.getResourceAsStream(resource)) {
      return in == null ? null : in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the teacher resource " + resource + ": " + e.getMessage(), e);
    }
  }

  static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required of every JVM", e);
    }
  }
}
