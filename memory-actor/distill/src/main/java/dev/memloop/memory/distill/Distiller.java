package dev.memloop.memory.distill;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.memloop.memory.embed.SafetensorsWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Distills a static model from a transformer, model2vec's way, with no data and no download: every
 * vocabulary token except {@code [unusedN]} goes through the teacher as {@code [CLS] token [SEP]}; the three
 * output positions are averaged; the table is reduced by PCA (centered, not whitened) and each row r is
 * weighted by {@code 1e-4 / (1e-4 + p_r)} with {@code p_r = (1/(r+2)) / sum_j 1/(j+2)}, a Zipf prior over the
 * vocabulary's order; rows are stored in F16 beside a tokenizer.json re-indexed to the kept tokens.
 *
 * <p>Deterministic: batches have fixed boundaries and each runs on a single-threaded session, so any number
 * of threads writes the same bytes.
 */
public final class Distiller {

  /**
   * @param dimensions PCA output size (the teacher has 384)
   * @param tokenLimit keep only the first this many tokens (0: all); a small table for tests
   * @param threads parallel teacher sessions
   */
  public record Options(int dimensions, int tokenLimit, int threads) {
    /** Teacher sessions at most: each holds the teacher model and its buffers (refused, not queued, beyond). */
    public static final int MAX_THREADS = 256;

    public static final Options DEFAULT = new Options(256, 0, Math.max(1, Runtime.getRuntime().availableProcessors()));

    public Options {
      if (dimensions < 1 || dimensions > 384) {
        throw new IllegalArgumentException("dimensions must be in [1, 384]: " + dimensions);
      }
      if (tokenLimit < 0) {
        throw new IllegalArgumentException("token limit must be >= 0: " + tokenLimit);
      }
      if (threads < 1 || threads > MAX_THREADS) {
        throw new IllegalArgumentException("threads must be in [1, " + MAX_THREADS + "]: " + threads
            + " (each runs a teacher session of its own; more than the CPUs only queue)");
      }
    }
  }

  static final int BATCH = 256;
  private static final double SIF_COEFFICIENT = 1e-4;
  private static final ObjectMapper JSON = new ObjectMapper();

  private Distiller() {}

  /** Hears how far a distillation is: tokens through the teacher so far, of how many. */
  @FunctionalInterface
  public interface Progress {
    Progress SILENT = (done, total) -> { };

    void update(int done, int total);
  }

  /** Writes a model directory to {@code target} (created); {@code progress} hears after each batch. */
  public static void distill(TeacherModel teacher, Options options, Path target, Progress progress)
      throws IOException {
    JsonNode tokenizer = JSON.readTree(teacher.tokenizerJson());
    String[] vocabulary = vocabulary(tokenizer);
    int[] kept = keptIds(vocabulary, options.tokenLimit());
    progress.update(0, kept.length);
    long cls = idOf(vocabulary, "[CLS]");
    long sep = idOf(vocabulary, "[SEP]");
    float[][] pooled = runTeacher(teacher, kept, cls, sep, options.threads(), progress);
    float[][] table = Pca.project(pooled, options.dimensions());
    zipfWeight(table);
    Files.createDirectories(target);
    new SafetensorsWriter().f16("embeddings", table).write(target.resolve("model.safetensors"));
    Files.write(target.resolve("tokenizer.json"), JSON.writerWithDefaultPrettyPrinter()
        .writeValueAsBytes(reindexed(tokenizer, vocabulary, kept)));
    Files.write(target.resolve("config.json"), JSON.writerWithDefaultPrettyPrinter()
        .writeValueAsBytes(config(teacher, options, kept.length)));
  }

  /** Token ids in vocabulary order, [unusedN] left out, cut to the limit. */
  static int[] keptIds(String[] vocabulary, int limit) {
    List<Integer> ids = new ArrayList<>();
    for (int id = 0; id < vocabulary.length && (limit == 0 || ids.size() < limit); id++) {
      if (!vocabulary[id].matches("\\[unused\\d+]")) {
        ids.add(id);
      }
    }
    return ids.stream().mapToInt(Integer::intValue).toArray();
  }

  private static float[][] runTeacher(TeacherModel teacher, int[] kept, long cls, long sep, int threads,
      Progress progress)
      throws IOException {
    float[][] pooled = new float[kept.length][];
    int batches = (kept.length + BATCH - 1) / BATCH;
    AtomicInteger done = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
      Thread t = new Thread(r, "memloop-distiller");
      t.setDaemon(true);
      return t;
    });
    try {
      List<Future<?>> workers = new ArrayList<>();
      for (int w = 0; w < threads; w++) {
        int worker = w;
        workers.add(pool.submit(() -> {
          try (TeacherModel.Session session = teacher.openSession()) {
            for (int b = worker; b < batches; b += threads) { // fixed batch boundaries, whatever the threads
              int from = b * BATCH;
              int to = Math.min(kept.length, from + BATCH);
              pool(session, kept, cls, sep, from, to, pooled);
              progress.update(done.addAndGet(to - from), kept.length);
            }
          }
          return null;
        }));
      }
      for (Future<?> worker : workers) {
        worker.get();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("distillation interrupted", e);
    } catch (ExecutionException e) {
      throw new IllegalStateException("distillation failed: " + e.getCause().getMessage(), e.getCause());
    } finally {
      pool.shutdownNow();
    }
    return pooled;
  }

  /** [CLS] token [SEP] through the teacher; the mean of the three output positions. */
  private static void pool(TeacherModel.Session session, int[] kept, long cls, long sep, int from, int to,
      float[][] into) {
    long[][] ids = new long[to - from][];
    for (int i = from; i < to; i++) {
      ids[i - from] = new long[] {cls, kept[i], sep};
    }
    float[][][] hidden = session.lastHiddenState(ids);
    for (int i = from; i < to; i++) {
      float[][] positions = hidden[i - from];
      float[] mean = new float[positions[0].length];
      for (int d = 0; d < mean.length; d++) {
        mean[d] = (positions[0][d] + positions[1][d] + positions[2][d]) / 3f;
      }
      into[i] = mean;
    }
  }

  /** Row r times 1e-4 / (1e-4 + p_r), p_r the Zipf probability of rank r: frequent tokens weigh less. */
  static void zipfWeight(float[][] table) {
    double total = 0;
    for (int r = 0; r < table.length; r++) {
      total += 1.0 / (r + 2);
    }
    for (int r = 0; r < table.length; r++) {
      double p = (1.0 / (r + 2)) / total;
      float weight = (float) (SIF_COEFFICIENT / (SIF_COEFFICIENT + p));
      float[] row = table[r];
      for (int d = 0; d < row.length; d++) {
        row[d] *= weight;
      }
    }
  }

  private static long idOf(String[] vocabulary, String token) {
    for (int id = 0; id < vocabulary.length; id++) {
      if (vocabulary[id].equals(token)) {
        return id;
      }
    }
    throw new IllegalStateException("the teacher's vocabulary has no " + token);
  }

  private static String[] vocabulary(JsonNode tokenizer) {
    JsonNode vocab = tokenizer.path("model").path("vocab");
    String[] tokens = new String[vocab.size()];
    for (Iterator<Map.Entry<String, JsonNode>> it = vocab.fields(); it.hasNext();) {
      Map.Entry<String, JsonNode> e = it.next();
      tokens[e.getValue().asInt()] = e.getKey();
    }
    return tokens;
  }

  /** The teacher's tokenizer with only the kept tokens, ids 0..n-1 in kept order; no truncation or padding. */
  private static JsonNode reindexed(JsonNode teacherTokenizer, String[] vocabulary, int[] kept) {
    ObjectNode root = teacherTokenizer.deepCopy();
    int[] newId = new int[vocabulary.length];
    java.util.Arrays.fill(newId, -1);
    ObjectNode vocab = ((ObjectNode) root.path("model")).putObject("vocab");
    for (int i = 0; i < kept.length; i++) {
      newId[kept[i]] = i;
      vocab.put(vocabulary[kept[i]], i);
    }
    var added = JSON.createArrayNode();
    for (JsonNode token : root.path("added_tokens")) {
      int id = newId[token.path("id").asInt()];
      if (id >= 0) {
        added.add(((ObjectNode) token.deepCopy()).put("id", id));
      }
    }
    root.set("added_tokens", added);
    root.putNull("truncation");
    root.putNull("padding");
    JsonNode specials = root.path("post_processor").path("special_tokens");
    for (JsonNode special : specials) {
      var ids = JSON.createArrayNode();
      for (JsonNode id : special.path("ids")) {
        ids.add(newId[id.asInt()]);
      }
      ((ObjectNode) special).set("ids", ids);
    }
    return root;
  }

  private static JsonNode config(TeacherModel teacher, Options options, int tokens) {
    ObjectNode config = JSON.createObjectNode();
    config.put("model_type", "model2vec");
    config.putArray("architectures").add("StaticModel");
    config.put("normalize", true);
    config.put("hidden_dim", Math.min(options.dimensions(), 384));
    config.put("apply_pca", options.dimensions());
    config.put("apply_zipf", true);
    config.put("tokens", tokens);
    config.put("teacher", teacher.name());
    config.put("teacher_sha256", teacher.sha256());
    config.put("distiller", "memloop");
    return config;
  }
}
