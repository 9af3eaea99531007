package dev.memloop.memory.distill;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memloop.memory.embed.EmbeddingQuality;
import dev.memloop.memory.embed.StaticEmbedder;
import dev.memloop.memory.embed.WordPieceTokenizer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Distillation on the first 2,000 kept tokens of the vocabulary (a few seconds): the format, determinism
 * across thread counts, and quality with tolerances. The full vocabulary runs in {@link DefaultModelTest}.
 */
class DistillerTest {

  private static final int TOKENS = 2000;

  @TempDir
  static Path dir;

  private static TeacherModel teacher;
  private static Path oneThread;
  private static Path twoThreads;

  @BeforeAll
  static void distill() throws IOException {
    teacher = TeacherModel.load(TeacherModel.MINILM);
    oneThread = dir.resolve("one");
    twoThreads = dir.resolve("two");
    Distiller.distill(teacher, new Distiller.Options(64, TOKENS, 1), oneThread, Distiller.Progress.SILENT);
    Distiller.distill(teacher, new Distiller.Options(64, TOKENS, 2), twoThreads, Distiller.Progress.SILENT);
  }

  @Test
  void should_write_the_same_bytes_on_one_and_two_threads() throws IOException {
    for (String file : new String[] {"model.safetensors", "tokenizer.json", "config.json"}) {
      assertThat(Files.readAllBytes(twoThreads.resolve(file))).as(file)
          .isEqualTo(Files.readAllBytes(oneThread.resolve(file)));
    }
  }

  @Test
  void should_write_a_model2vec_directory_without_unused_tokens() {
    StaticEmbedder embedder = StaticEmbedder.load(oneThread);
    assertThat(embedder.dimension()).isEqualTo(64);
    WordPieceTokenizer tokenizer = embedder.tokenizer();
    assertThat(tokenizer.vocabularySize()).isEqualTo(TOKENS);
    assertThat(tokenizer.token(0)).isEqualTo("[PAD]");
    assertThat(tokenizer.token(tokenizer.unknownId())).isEqualTo("[UNK]");
    for (int id = 0; id < TOKENS; id++) {
      assertThat(tokenizer.token(id)).doesNotStartWith("[unused");
    }
    assertThat(tokenizer.encode("[CLS] the")).containsExactly(2, tokenizer.encode("the")[0]);
  }

  @Test
  void should_separate_paraphrases_from_unrelated_text_even_on_a_small_vocabulary() {
    EmbeddingQuality.Report report = EmbeddingQuality.evaluate(StaticEmbedder.load(oneThread), null);
    assertThat(report.paraphraseUnrelatedGap()).isGreaterThan(0.05); // measured 0.072: most words are [UNK] here
    assertThat(report.meanSimilarity().get(EmbeddingQuality.Label.SAME_ACTION)).isGreaterThan(0.999);
  }

  @Test
  void should_weigh_frequent_tokens_less() {
    float[][] table = new float[100][];
    for (int r = 0; r < table.length; r++) {
      table[r] = new float[] {1f};
    }
    Distiller.zipfWeight(table);
    for (int r = 1; r < table.length; r++) {
      assertThat(table[r][0]).isGreaterThan(table[r - 1][0]);
    }
    assertThat(table[0][0]).isLessThan(0.01f); // rank 0 has probability ~0.2: weight 1e-4 / (1e-4 + 0.2)
  }

  @Test
  void should_name_bad_options_and_an_unknown_teacher() {
    assertThatThrownBy(() -> new Distiller.Options(0, 0, 1)).hasMessage("dimensions must be in [1, 384]: 0");
    assertThatThrownBy(() -> new Distiller.Options(385, 0, 1)).hasMessage("dimensions must be in [1, 384]: 385");
    assertThatThrownBy(() -> new Distiller.Options(64, -1, 1)).hasMessage("token limit must be >= 0: -1");
    assertThatThrownBy(() -> new Distiller.Options(64, 0, 0)).hasMessageStartingWith("threads must be in [1, 256]: 0");
    assertThatThrownBy(() -> TeacherModel.load("gpt-9")).hasMessageContaining("unknown teacher 'gpt-9'");
  }
}
