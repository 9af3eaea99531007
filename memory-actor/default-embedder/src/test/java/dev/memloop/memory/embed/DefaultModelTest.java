package dev.memloop.memory.embed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.memloop.memory.Embedder;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The quality of the default model this module ships, against the in-process MiniLM teacher on the labelled set, with
 * tolerances. The table is the bundled one, read from the class path as {@link Embedders#defaultLocal()} reads it
 * ({@link BundledModelTest} checks that it is the teacher's, byte for byte).
 */
class DefaultModelTest {

  private static StaticEmbedder model;
  private static Embedder teacher;

  @BeforeAll
  static void load() {
    model = DefaultModel.load(DefaultModelTest.class.getClassLoader());
    teacher = Embedders.miniLm();
  }

  /**
   * Why the table ships as F16 and not int8: F16 is what the cache always held (its rounding keeps 11 significant
   * bits); int8 with a scale per row would halve the artifact (7.6 MB of rows instead of 15.1) at a cost in rank
   * agreement with the teacher, measured here and printed (docs/BENCHMARKS.md, "The default embedder's table").
   */
  @Test
  void should_lose_little_rank_agreement_to_an_int8_table_and_say_how_much() {
    StaticEmbedder int8 = model.withRows("int8", DefaultModelTest::int8RoundTrip);
    EmbeddingQuality.Report f16 = EmbeddingQuality.evaluate(model, teacher);
    EmbeddingQuality.Report quantized = EmbeddingQuality.evaluate(int8, teacher);
    double agreement = 0;
    int n = 0;
    for (EmbeddingQuality.Pair pair : EmbeddingQuality.labelledSet()) {
      for (String line : java.util.List.of(pair.a(), pair.b())) {
        agreement += EmbeddingQuality.cosine(model.embed(line), int8.embed(line));
        n++;
      }
    }
    System.out.printf(java.util.Locale.ROOT, "table format: F16 spearman vs teacher %.4f, int8 (per-row scale) %.4f; "
        + "mean cosine F16 vs int8 embedding %.5f over %d texts%n", f16.spearmanVsReference(),
        quantized.spearmanVsReference(), agreement / n, n);
    assertThat(quantized.spearmanVsReference()).isCloseTo(f16.spearmanVsReference(), within(0.05));
    assertThat(agreement / n).isGreaterThan(0.99);
  }

  /** A row stored as int8 with one scale (its largest magnitude / 127), read back as floats. */
  static float[] int8RoundTrip(float[] row) {
    float max = 0;
    for (float v : row) {
      max = Math.max(max, Math.abs(v));
    }
    float scale = max == 0 ? 1 : max / 127f;
    float[] out = new float[row.length];
    for (int i = 0; i < row.length; i++) {
      out[i] = Math.round(row[i] / scale) * scale;
    }
    return out;
  }

  @Test
  void should_cover_the_whole_vocabulary_but_unused_tokens() {
    assertThat(model.tokenizer().vocabularySize()).isEqualTo(30522 - 994);
    assertThat(model.dimension()).isEqualTo(256);
  }

  @Test
  void should_rank_pairs_like_its_teacher() {
    EmbeddingQuality.Report distilled = EmbeddingQuality.evaluate(model, teacher);
    EmbeddingQuality.Report reference = EmbeddingQuality.evaluate(teacher, null);
    assertThat(distilled.spearmanVsReference()).as("rank agreement with the teacher").isGreaterThan(0.6);
    assertThat(distilled.paraphraseUnrelatedGap()).isGreaterThan(0.3);
    assertThat(reference.paraphraseUnrelatedGap()).isGreaterThan(0.3);
    // the static table's known limit: another host scores close to the same line, so guards are calibrated
    assertThat(distilled.meanSimilarity().get(EmbeddingQuality.Label.OTHER_HOST)).isGreaterThan(0.9);
  }

  @Test
  void should_embed_to_unit_length_and_know_nothing_of_unknown_symbols() {
    float[] v = model.embed("investigate host=web-03 sig=ssh-bruteforce");
    double norm = 0;
    for (float x : v) {
      norm += x * x;
    }
    assertThat(Math.sqrt(norm)).isCloseTo(1.0, within(1e-5));
    assertThat(model.embed("\u2603\u2603")).containsOnly(0f); // snowmen: no token in an uncased English vocabulary
  }
}
