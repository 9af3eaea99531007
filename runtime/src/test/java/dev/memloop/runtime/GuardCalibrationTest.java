package dev.memloop.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memloop.memory.embed.Embedders;
import dev.memloop.memory.embed.HashingEmbedder;
import dev.memloop.runtime.identity.IdentifierExtractor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The guard's calibration: the shipped default is the fit of memloop's set, and bad pair files are named. */
class GuardCalibrationTest {

  @Test
  void should_ship_exactly_the_threshold_the_adversarial_set_fits_for_the_default_embedder() {
    List<GuardPair> pairs = GuardPairs.standard();
    assertThat(pairs).hasSizeGreaterThanOrEqualTo(500);
    GuardCalibration.Fit fit = GuardCalibration.fit(pairs, Embedders.defaultLocal());
    assertThat(GuardCalibration.shippedThreshold(Embedders.defaultLocal(), true)).hasValue(fit.threshold());
    assertThat(fit.falseBlockRate()).as("within the allowed rate").isLessThanOrEqualTo(0.005);
    assertThat(fit.byIdentity()).as("different acts told apart by their identifiers alone").isGreaterThan(150);
    assertThat(GuardCalibration.shippedThreshold(Embedders.defaultLocal(), false)).as("meaning alone: none").isEmpty();
    assertThat(GuardCalibration.shippedThreshold(new HashingEmbedder(64), true)).isEmpty();
  }

  @Test
  void should_hold_the_fit_of_one_half_on_the_other() {
    List<GuardPair> all = GuardPairs.standard();
    List<GuardPair> even = new ArrayList<>();
    List<GuardPair> odd = new ArrayList<>();
    for (int i = 0; i < all.size(); i++) {
      (i % 2 == 0 ? even : odd).add(all.get(i));
    }
    GuardCalibration.Fit fitted = GuardCalibration.fit(even, Embedders.defaultLocal());
    GuardCalibration.Point held = GuardCalibration.fit(odd, Embedders.defaultLocal()).curve().stream()
        .filter(p -> Math.abs(p.threshold() - fitted.threshold()) < 1e-9).findFirst().orElseThrow();
    int negatives = (int) odd.stream().filter(p -> !p.same()).count();
    assertThat((double) held.falseBlocks() / negatives).as("false blocks on the held-out half")
        .isLessThanOrEqualTo(0.01);
  }

  @Test
  void should_score_different_identities_and_opposite_acts_as_never_a_repeat() {
    var embedder = Embedders.defaultLocal();
    IdentifierExtractor standard = IdentifierExtractor.standard();
    assertThat(GuardCalibration.score("refund order-42", "refund order-43", embedder, standard))
        .isEqualTo(Double.NEGATIVE_INFINITY);
    assertThat(GuardCalibration.score("lock acct-7", "unlock acct-7", embedder, standard))
        .isEqualTo(Double.NEGATIVE_INFINITY);
    assertThat(GuardCalibration.score("refund order-42", "issue a refund for order-42", embedder, standard))
        .as("the same content words").isCloseTo(1.0, org.assertj.core.api.Assertions.within(1e-6));
  }

  @Test
  void should_name_the_file_the_line_and_what_is_wrong_in_a_bad_pairs_file(@TempDir Path dir) throws IOException {
    Path good = dir.resolve("good.csv");
    Files.writeString(good, "a,b,same\n# a comment\n\"refund $100, order-42\",refund order-42,false\n"
        + "close #1,mark #1 closed,TRUE\n");
    assertThat(GuardPairs.read(good)).containsExactly(new GuardPair("refund $100, order-42", "refund order-42", false),
        new GuardPair("close #1", "mark #1 closed", true));
    for (String[] bad : new String[][] {{"a,b\n", "bad.csv:1: expected 3 fields (a,b,same), found 2"},
        {"x,y,maybe\n", "bad.csv:1: same must be true or false, not 'maybe'"},
        {"a,b,same\nx,,true\n", "bad.csv:2: a and b must not be blank"},
        {"\"x,y,true\n", "bad.csv:1: a quote is not closed"},
        {"\"x\"y,z,true\n", "bad.csv:1: text after a closing quote at column 4"},
        {"# only a comment\n", "bad.csv: no pairs (expected lines of a,b,same)"}}) {
      Path file = dir.resolve("bad.csv");
      Files.writeString(file, bad[0]);
      assertThatThrownBy(() -> GuardPairs.read(file)).as(bad[0]).isInstanceOf(IllegalArgumentException.class)
          .hasMessageEndingWith(bad[1]);
    }
    assertThatThrownBy(() -> GuardPairs.read(dir)).hasMessageEndingWith(": not a regular file");
    assertThatThrownBy(() -> GuardCalibration.fit(List.of(), Embedders.defaultLocal()))
        .hasMessageContaining("needs pairs");
  }
}
