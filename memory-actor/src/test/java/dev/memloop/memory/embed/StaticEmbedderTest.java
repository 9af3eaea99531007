package dev.memloop.memory.embed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.memloop.memory.testing.SteadyAllocation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The loader in every layout, against vectors computed by hand; and every bad model file, named. */
class StaticEmbedderTest {

  @TempDir
  Path dir;

  private static final String TEXT = "Hello WORLDS! [CLS] unknownword"; // hello world ##s ! [CLS], [UNK] dropped
  private static final int[] IDS = {4, 5, 6, 7, 2};

  @Test
  void should_embed_the_normalized_mean_of_f32_rows() throws IOException {
    float[][] rows = ModelDirectories.rows();
    StaticEmbedder embedder = StaticEmbedder.load(ModelDirectories.write(dir.resolve("f32"),
        ModelDirectories.tokenizerJson(ModelDirectories.VOCAB), new SafetensorsWriter().f32("embeddings", rows), true));
    assertThat(embedder.embed(TEXT)).containsExactly(expected(rows, null, null, true), within(1e-6f));
    assertThat(embedder.dimension()).isEqualTo(3);
    assertThat(embedder.name()).isEqualTo("static-f32-3");
  }

  @Test
  void should_read_f16_and_i8_rows_and_skip_normalization_when_the_config_says_so() throws IOException {
    float[][] rows = ModelDirectories.rows();
    StaticEmbedder f16 = StaticEmbedder.load(ModelDirectories.write(dir.resolve("f16"),
        ModelDirectories.tokenizerJson(ModelDirectories.VOCAB), new SafetensorsWriter().f16("embeddings", rows), false));
    assertThat(f16.embed(TEXT)).containsExactly(expected(rows, null, null, false), within(1e-6f));
    byte[][] bytes = new byte[rows.length][3];
    for (int r = 0; r < rows.length; r++) {
      for (int d = 0; d < 3; d++) {
        bytes[r][d] = (byte) rows[r][d];
      }
    }
    StaticEmbedder i8 = StaticEmbedder.load(ModelDirectories.write(dir.resolve("i8"),
        ModelDirectories.tokenizerJson(ModelDirectories.VOCAB), new SafetensorsWriter().i8("embeddings", bytes), true));
    assertThat(i8.embed(TEXT)).containsExactly(expected(rows, null, null, true), within(1e-6f));
  }

  @Test
  void should_apply_weights_and_a_token_to_row_mapping() throws IOException {
    float[][] clusters = {{1, 0, 0}, {0, 1, 0}, {0, 0, 2}};
    int[] mapping = {0, 1, 2, 0, 1, 2, 0, 1};
    float[] weights = {1, 1, 0.5f, 1, 2, 3, 0.25f, 4};
    StaticEmbedder embedder = StaticEmbedder.load(ModelDirectories.write(dir.resolve("quantized"),
        ModelDirectories.tokenizerJson(ModelDirectories.VOCAB),
        new SafetensorsWriter().f32("embeddings", clusters).f32("weights", weights).i64("mapping", mapping), true));
    assertThat(embedder.embed(TEXT)).containsExactly(expected(clusters, weights, mapping, true), within(1e-6f));
  }

  @Test
  void should_embed_text_without_known_tokens_to_zero_and_any_text_without_error() throws IOException {
    StaticEmbedder embedder = StaticEmbedder.load(ModelDirectories.write(dir.resolve("m"),
        ModelDirectories.tokenizerJson(ModelDirectories.VOCAB),
        new SafetensorsWriter().f32("embeddings", ModelDirectories.rows()), true));
    assertThat(embedder.embed("nothing known here")).containsOnly(0f);
    assertThat(embedder.embed("")).containsOnly(0f);
    String huge = "hello ".repeat(200_000) + "\uD83D\uDE00 中文 \u0000";
    assertThat(embedder.embed(huge)).containsExactly(expected(ModelDirectories.rows(), null, null, true, 4),
        within(1e-6f));
    assertThatThrownBy(() -> embedder.embed(null)).hasMessage("text must not be null");
  }

  @Test
  void should_name_the_file_and_the_problem_for_every_bad_model() throws IOException {
    float[][] rows = ModelDirectories.rows();
    Path good = ModelDirectories.write(dir.resolve("good"), ModelDirectories.tokenizerJson(ModelDirectories.VOCAB),
        new SafetensorsWriter().f32("embeddings", rows), true);
    byte[] tensors = Files.readAllBytes(good.resolve("model.safetensors"));

    Path missing = copy(good, "missing");
    Files.delete(missing.resolve("tokenizer.json"));
    assertBad(missing, "tokenizer.json is missing");

    Path truncated = copy(good, "truncated");
    Files.write(truncated.resolve("model.safetensors"), java.util.Arrays.copyOf(tensors, tensors.length - 7));
    assertBad(truncated, "model.safetensors tensor 'embeddings' spans bytes");

    Path tiny = copy(good, "tiny");
    Files.write(tiny.resolve("model.safetensors"), new byte[5]);
    assertBad(tiny, "shorter than a safetensors header");

    Path renamed = copy(good, "renamed");
    new SafetensorsWriter().f32("vectors", rows).write(renamed.resolve("model.safetensors"));
    assertBad(renamed, "has no tensor 'embeddings'");

    Path wrongType = copy(good, "wrong-type");
    new SafetensorsWriter().i64("embeddings", new int[] {1, 2, 3}).write(wrongType.resolve("model.safetensors"));
    assertBad(wrongType, "expected [rows, dim]");

    Path int32 = copy(good, "int32");
    new SafetensorsWriter().raw("embeddings", "I32", new long[] {8, 3}, new byte[8 * 3 * 4])
        .write(int32.resolve("model.safetensors"));
    assertBad(int32, "tensor 'embeddings' has dtype I32; supported: F32, F16, BF16, F64, I8");

    Path wrongSize = copy(good, "wrong-size");
    new SafetensorsWriter().raw("embeddings", "F32", new long[] {8, 3}, new byte[8 * 3 * 2])
        .write(wrongSize.resolve("model.safetensors"));
    assertBad(wrongSize, "has 48 bytes, but F32 [8, 3] needs 96");

    Path mismatch = copy(good, "mismatch");
    new SafetensorsWriter().f32("embeddings", java.util.Arrays.copyOf(rows, 5)).write(mismatch.resolve("model.safetensors"));
    assertBad(mismatch, "has 5 embedding rows but tokenizer.json has 8 tokens");

    Path bpe = copy(good, "bpe");
    var tokenizer = ModelDirectories.tokenizerJson(ModelDirectories.VOCAB);
    ((com.fasterxml.jackson.databind.node.ObjectNode) tokenizer.get("model")).put("type", "BPE");
    Files.writeString(bpe.resolve("tokenizer.json"), ModelDirectories.JSON.writeValueAsString(tokenizer));
    assertBad(bpe, "has model type 'BPE', not WordPiece");

    Path pre = copy(good, "pre");
    tokenizer = ModelDirectories.tokenizerJson(ModelDirectories.VOCAB);
    ((com.fasterxml.jackson.databind.node.ObjectNode) tokenizer.get("pre_tokenizer")).put("type", "Whitespace");
    Files.writeString(pre.resolve("tokenizer.json"), ModelDirectories.JSON.writeValueAsString(tokenizer));
    assertBad(pre, "only BertPreTokenizer is supported");

    Path config = copy(good, "config");
    Files.writeString(config.resolve("config.json"), "{not json");
    assertBad(config, "config.json cannot be read as JSON");

    Path badMapping = copy(good, "bad-mapping");
    new SafetensorsWriter().f32("embeddings", rows).i64("mapping", new int[] {0, 1, 2, 3, 4, 5, 6, 99})
        .write(badMapping.resolve("model.safetensors"));
    assertBad(badMapping, "maps token 7 to row 99 of 8");

    assertBad(dir.resolve("nowhere"), "is not a model directory");
  }

  private Path copy(Path from, String name) throws IOException {
    Path to = dir.resolve(name);
    Files.createDirectories(to);
    for (String file : new String[] {"config.json", "tokenizer.json", "model.safetensors"}) {
      Files.copy(from.resolve(file), to.resolve(file));
    }
    return to;
  }

  private static void assertBad(Path model, String message) {
    assertThatThrownBy(() -> StaticEmbedder.load(model)).isInstanceOf(InvalidModelException.class)
        .hasMessageContaining(model.getFileName().toString()).hasMessageContaining(message);
  }

  private static float[] expected(float[][] rows, float[] weights, int[] mapping, boolean normalize) {
    return expected(rows, weights, mapping, normalize, IDS.length);
  }

  /** The first {@code tokens} of IDS, weighted, averaged and maybe normalized, computed in double. */
  private static float[] expected(float[][] rows, float[] weights, int[] mapping, boolean normalize, int tokens) {
    int[] ids = tokens == IDS.length ? IDS : java.util.stream.IntStream.range(0, 512).map(i -> 4).toArray();
    double[] sum = new double[rows[0].length];
    for (int id : ids) {
      float[] row = rows[mapping == null ? id : mapping[id]];
      double w = weights == null ? 1 : weights[id];
      for (int d = 0; d < sum.length; d++) {
        sum[d] += w * row[d] / ids.length;
      }
    }
    double norm = 0;
    for (double v : sum) {
      norm += v * v;
    }
    float[] out = new float[sum.length];
    for (int d = 0; d < sum.length; d++) {
      out[d] = (float) (normalize ? sum[d] / Math.sqrt(norm) : sum[d]);
    }
    return out;
  }

  @Test
  void should_let_a_working_memory_refuse_text_it_cannot_embed() throws IOException {
    StaticEmbedder embedder = StaticEmbedder.load(ModelDirectories.write(dir.resolve("wm"),
        ModelDirectories.tokenizerJson(ModelDirectories.VOCAB),
        new SafetensorsWriter().f32("embeddings", ModelDirectories.rows()), true));
    try (dev.memloop.memory.WorkingMemory memory = dev.memloop.memory.WorkingMemory.allocate(embedder)) {
      memory.add("hello world");
      assertThatThrownBy(() -> memory.add("entirely unknown words"))
          .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("zero vector");
      assertThat(memory.recall("unknown", 3)).isEmpty();
      assertThat(memory.recall("worlds", 1)).hasSize(1);
      assertThat(memory.size()).isEqualTo(1);
    }
  }

  @Test
  void should_allocate_nothing_but_the_result_for_plain_ascii() throws IOException {
    StaticEmbedder embedder = StaticEmbedder.load(ModelDirectories.write(dir.resolve("alloc"),
        ModelDirectories.tokenizerJson(ModelDirectories.VOCAB),
        new SafetensorsWriter().f32("embeddings", ModelDirectories.rows()), true));
    // let C2 compile the tokenizer and the kernels first
    SteadyAllocation allocation = SteadyAllocation.measure(() -> embedder.embed("Hello worlds! hello world"),
        300_000, 10_000, 10, 40);
    assertThat(allocation.bytesPerCall()).as("bytes per embed: the 3-float result is 32 bytes, " + allocation)
        .isLessThanOrEqualTo(40);
  }
}
