package dev.memloop.memory.embed;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.memloop.memory.Embedder;
import dev.memloop.memory.internal.vector.VectorMath;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A static embedder in the model2vec format: the mean of per-token rows, L2-normalized when the model's
 * config asks for it. A model directory holds {@code model.safetensors} (tensor {@code embeddings}, rows x
 * dim in F32, F16, BF16 or I8; optional {@code weights}, one scale per token, and {@code mapping}, token id to
 * row), {@code tokenizer.json} (BERT WordPiece) and {@code config.json}. A potion model directory from the
 * model2vec hub loads as it is.
 *
 * <p>Inference follows model2vec: the text is cut to 512 times the vocabulary's median token length (in
 * code points), tokenized without special tokens, unknown tokens dropped, the first 512 ids kept. A text
 * with no known token embeds to the zero vector. Rows live as {@code float[][]}: C2 on JDK 17 vectorizes
 * the row-by-row sum, which it does not for a flat array with offsets. Plain ASCII text allocates only the
 * result.
 *
 * <p>Immutable; thread-safe.
 */
public final class StaticEmbedder implements Embedder {

  /** model2vec's default {@code max_length}: tokens kept per text. */
  public static final int MAX_TOKENS = 512;

  private static final ObjectMapper JSON = new ObjectMapper();
  /** Working space of the text being embedded, per thread: the embedder is shared. */
  private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

  private static final class Scratch {
    final int[] ids = new int[MAX_TOKENS];
    final float[] norm = new float[1];
  }

  private final String name;
  private final WordPieceTokenizer tokenizer;
  private final float[][] rows;
  private final float[] weights;
  private final int[] mapping;
  private final boolean normalize;
  private final int dimension;
  private final int maxChars;

  StaticEmbedder(String name, WordPieceTokenizer tokenizer, float[][] rows, float[] weights, int[] mapping,
      boolean normalize) {
    this.name = name;
    this.tokenizer = tokenizer;
    this.rows = rows;
    this.weights = weights;
    this.mapping = mapping;
    this.normalize = normalize;
    this.dimension = rows[0].length;
    this.maxChars = MAX_TOKENS * Math.max(1, tokenizer.medianTokenLength());
  }

  /** Loads a model2vec directory; any missing or inconsistent file is an {@link InvalidModelException}. */
  public static StaticEmbedder load(Path directory) {
    if (!Files.isDirectory(directory)) {
      throw new InvalidModelException(directory, "is not a model directory");
    }
    Path config = require(directory.resolve("config.json"));
    Path tokenizerFile = require(directory.resolve("tokenizer.json"));
    Path tensors = require(directory.resolve("model.safetensors"));
    boolean normalize = readConfig(config).path("normalize").asBoolean(false);
    WordPieceTokenizer tokenizer = TokenizerJson.read(tokenizerFile);
    SafetensorsFile file = SafetensorsFile.read(tensors);
    float[][] rows = file.matrix("embeddings");
    int vocabulary = tokenizer.vocabularySize();
    if (rows.length == 0 || rows[0].length == 0) {
      throw new InvalidModelException(tensors, "has an empty 'embeddings' tensor");
    }
    int[] mapping = file.has("mapping") ? file.ints("mapping") : null;
    if (mapping == null && rows.length != vocabulary) {
      throw new InvalidModelException(tensors, "has " + rows.length + " embedding rows but tokenizer.json has "
          + vocabulary + " tokens");
    }
    if (mapping != null) {
      checkMapping(tensors, mapping, vocabulary, rows.length);
    }
    float[] weights = file.has("weights") ? file.vector("weights") : null;
    if (weights != null && weights.length != vocabulary) {
      throw new InvalidModelException(tensors, "has " + weights.length + " weights but tokenizer.json has "
          + vocabulary + " tokens");
    }
    return new StaticEmbedder("static-" + directory.getFileName() + "-" + rows[0].length, tokenizer, rows, weights,
        mapping, normalize);
  }

  @Override
  public float[] embed(String text) {
    if (text == null) {
      throw new IllegalArgumentException("text must not be null");
    }
    String kept = text.length() <= maxChars ? text : text.substring(0, cutAfterCodePoints(text, maxChars));
    Scratch scratch = SCRATCH.get();
    int[] ids = scratch.ids;
    int n = tokenizer.encode(kept, ids, MAX_TOKENS, tokenizer.unknownId());
    float[] sum = new float[dimension];
    if (n == 0) {
      return sum;
    }
    for (int i = 0; i < n; i++) {
      int id = ids[i];
      float[] row = rows[mapping == null ? id : mapping[id]];
      if (weights == null) {
        for (int d = 0; d < dimension; d++) {
          sum[d] += row[d];
        }
      } else {
        float w = weights[id];
        for (int d = 0; d < dimension; d++) {
          sum[d] += w * row[d];
        }
      }
    }
    float scale = 1f / n; // the mean
    if (normalize) {
      // the norm with the SIMD kernel: a scalar double reduction here cost ~0.3 us, a fifth of an embedding
      VectorMath.dotRows(sum, sum, 0, dimension, dimension, 1, scratch.norm);
      double meanNorm = Math.sqrt(scratch.norm[0]) * scale;
      scale = (float) (scale / (meanNorm + 1e-32)); // model2vec's epsilon, on the mean's norm
    }
    for (int d = 0; d < dimension; d++) {
      sum[d] *= scale;
    }
    return sum;
  }

  @Override
  public int dimension() {
    return dimension;
  }

  @Override
  public String name() {
    return name;
  }

  /**
   * This model with every row replaced by {@code rows.apply(row)} (same tokenizer, weights and mapping): for measuring
   * what another storage of the table (int8, say) costs in quality.
   */
  StaticEmbedder withRows(String newName, java.util.function.UnaryOperator<float[]> rowMapper) {
    float[][] mapped = new float[rows.length][];
    for (int i = 0; i < rows.length; i++) {
      mapped[i] = rowMapper.apply(rows[i]);
    }
    return new StaticEmbedder(newName, tokenizer, mapped, weights, mapping, normalize);
  }

  /** The tokenizer, for callers that want ids. */
  public WordPieceTokenizer tokenizer() {
    return tokenizer;
  }

  private static int cutAfterCodePoints(String text, int codePoints) {
    int count = text.codePointCount(0, text.length());
    return count <= codePoints ? text.length() : text.offsetByCodePoints(0, codePoints);
  }

  private static Path require(Path file) {
    if (!Files.isRegularFile(file)) {
      throw new InvalidModelException(file, "is missing");
    }
    return file;
  }

  private static JsonNode readConfig(Path config) {
    try {
      JsonNode node = JSON.readTree(Files.readAllBytes(config));
      if (node == null || !node.isObject()) {
        throw new InvalidModelException(config, "is not a JSON object");
      }
      return node;
    } catch (IOException e) {
      throw new InvalidModelException(config, "cannot be read as JSON: " + e.getMessage());
    }
  }

  private static void checkMapping(Path tensors, int[] mapping, int vocabulary, int rows) {
    if (mapping.length != vocabulary) {
      throw new InvalidModelException(tensors, "has a mapping of " + mapping.length + " entries but tokenizer.json has "
          + vocabulary + " tokens");
    }
    for (int id = 0; id < mapping.length; id++) {
      if (mapping[id] < 0 || mapping[id] >= rows) {
        throw new InvalidModelException(tensors, "maps token " + id + " to row " + mapping[id] + " of " + rows);
      }
    }
  }
}
