package dev.memloop.bench.benchmarks.conversation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** LoCoMo's answer F1 on answers scored by hand from the published rules (normalisation, stems, categories). */
class AnswerF1Test {

  final AnswerF1 f1 = new AnswerF1();

  @Test
  void should_normalise_as_published() {
    assertThat(AnswerF1.normalised("The Lisbon marathon, and a 5k!")).isEqualTo("lisbon marathon 5k");
    assertThat(AnswerF1.normalised("An apple's core")).isEqualTo("apples core");
    assertThat(AnswerF1.normalised("... the ...")).isEmpty();
  }

  @Test
  void should_score_tokens_after_stemming() {
    assertThat(f1.score("7 May 2023", "7 May 2023", 2)).isEqualTo(1.0);
    assertThat(f1.score("she went running", "Running", 4)).isCloseTo(0.5, within(1e-12)); // 1 of 3, 1 of 1
    assertThat(f1.score("painted sunsets", "painting a sunset", 2)).as("paint and sunset, stemmed")
        .isEqualTo(1.0);
    assertThat(f1.score("nothing alike", "Sweden", 4)).isZero();
    assertThat(f1.score("", "Sweden", 4)).isZero();
  }

  @Test
  void should_split_multi_hop_answers_and_cut_open_domain_ones_at_the_semicolon() {
    // gold parts: pottery (1.0 by "pottery"), camping (0 by any), painting (1.0 by "painting"): mean 2/3
    assertThat(f1.score("pottery, painting", "pottery, camping, painting", 1)).isCloseTo(2.0 / 3, within(1e-12));
    assertThat(f1.score("likely no", "Likely no; she wants to be a counselor", 3)).isEqualTo(1.0);
    assertThatThrownBy(() -> f1.score("x", "y", 5)).hasMessageContaining("categories 1-4: 5");
  }
}
