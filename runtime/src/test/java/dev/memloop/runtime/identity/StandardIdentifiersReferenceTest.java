package dev.memloop.runtime.identity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memloop.runtime.GuardPair;
import dev.memloop.runtime.GuardPairs;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The scanner reads what the reference pattern reads: the same identifiers and the same wording, on every line of
 * memloop's adversarial set and on seeded lines of every identifier shape, a word between each two (side by side, the
 * pattern reads across them: "43 may" an id, "may 10" a date; the scanner reads each token once).
 */
class StandardIdentifiersReferenceTest {

  static final String[] PIECES = {"refund", "order-42", "$100", "100 USD", "USD 100", "€20", "1,200.00", "#4411",
      "ticket", "BK-7781", "INV-2024-118", "web-03", "db-01.prod.example.com", "10.0.0.5", "v2.3.1", "2.3.1",
      "alice@example.com", "https://example.com/a/7", "2026-03-04", "March 4, 2026", "4 March 2026", "Mar 4th",
      "14:30", "2:30 pm", "2pm", "\"Q3 report\"", "'final draft'", "host=web-03", "sig=ssh-bruteforce",
      "amount=\"100 USD\"", "customer=1001", "the", "to", "for", "(order-43)", "order-44:", "acct-1001,", "now", "42",
      "tier 2", "x/y", "order-42/43", "$1.5k", "100usd", "5 dollars", "a.m.", "may", "deploy", "on", "at"};

  @Test
  void should_read_every_line_of_the_adversarial_set_as_the_reference_pattern() {
    List<String> lines = new ArrayList<>();
    for (GuardPair pair : GuardPairs.standard()) {
      lines.add(pair.a());
      lines.add(pair.b());
    }
    assertSame(lines);
  }

  @Test
  void should_read_seeded_lines_of_every_shape_as_the_reference_pattern() {
    SplittableRandom random = new SplittableRandom(2026);
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < 3_000; i++) {
      StringBuilder line = new StringBuilder();
      for (int w = 0, n = 1 + random.nextInt(7); w < n; w++) {
        line.append(w == 0 ? "" : " then ").append(PIECES[random.nextInt(PIECES.length)]);
      }
      lines.add(line.toString());
    }
    assertSame(lines);
  }

  private static void assertSame(List<String> lines) {
    List<String> differ = new ArrayList<>();
    for (String line : lines) {
      Identifiers fast = StandardIdentifiers.INSTANCE.extract(line);
      Identifiers reference = PatternReference.extract(line, false);
      if (!fast.equals(reference)) {
        differ.add(line + "\n  scanner:   " + fast + "\n  reference: " + reference);
      }
    }
    assertThat(differ).as("lines read otherwise than the reference reads them").isEmpty();
  }
}
