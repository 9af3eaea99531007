package dev.memloop.memory.embed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.memloop.memory.Embedder;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The full distillation, once (~10-35 s on 2 cores), and the quality of the default model against the
 * in-process MiniLM teacher on the labelled set, with tolerances.
 */
class DefaultModelTest {

  @TempDir
  static Path root;

  private static StaticEmbedder model;
  private static Embedder teacher;

  @BeforeAll
  static void distill() {
    model = DistilledModels.loadOrDistill(root, TeacherModel.load(TeacherModel.MINILM), new Distiller.Options(256, 0, 2),
        Distiller.Progress.SILENT);
    teacher = Embedders.miniLm();
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
