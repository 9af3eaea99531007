package dev.memloop.runtime.identity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** What the standard extractor reads from a line, canonical, and what it leaves as the line's wording. */
class StandardIdentifiersTest {

  static final IdentifierExtractor STANDARD = IdentifierExtractor.standard();

  static List<String> ids(String line) {
    return STANDARD.extract(line).ids();
  }

  @Test
  void should_read_ids_that_mix_letters_and_digits_in_lower_case_and_numbers_without_their_hash() {
    assertThat(ids("refund order-42")).containsExactly("order-42");
    assertThat(ids("cancel booking BK-7781")).containsExactly("bk-7781");
    assertThat(ids("send invoice INV-2024-118")).containsExactly("inv-2024-118");
    assertThat(ids("escalate ticket #4411")).containsExactly("4411");
    assertThat(ids("escalate ticket 4411")).as("#4411 and 4411 are one number").containsExactly("4411");
    assertThat(ids("refund customer 1,001")).containsExactly("1001");
  }

  @Test
  void should_read_amounts_with_their_currency_whatever_the_spelling() {
    for (String line : List.of("refund $100 to order-42", "refund 100 USD to order-42", "refund USD 100 to order-42",
        "refund 100.00 dollars to order-42", "refund 100 bucks to order-42")) {
      assertThat(ids(line)).as(line).containsExactly("100 USD", "order-42");
    }
    assertThat(ids("charge €20")).containsExactly("20 EUR");
    assertThat(ids("charge £20")).containsExactly("20 GBP");
    assertThat(ids("pay $1.5k")).containsExactly("1500 USD");
    assertThat(ids("refund $10 to order-42")).as("$10 is not $100").doesNotContain("100 USD");
  }

  @Test
  void should_read_dates_and_times_as_iso() {
    for (String line : List.of("book a flight on 2026-03-04", "book a flight on March 4, 2026",
        "book a flight on 4 March 2026", "book a flight on 2026/3/4", "book a flight on Mar 4th 2026")) {
      assertThat(ids(line)).as(line).containsExactly("2026-03-04");
    }
    assertThat(ids("move the call to 14:30")).containsExactly("14:30");
    assertThat(ids("move the call to 2:30 pm")).containsExactly("14:30");
    assertThat(ids("move the call to 2pm")).containsExactly("14:00");
    assertThat(ids("remind me on March 4")).as("no year").containsExactly("--03-04");
  }

  @Test
  void should_read_hosts_addresses_urls_versions_and_quoted_strings() {
    assertThat(ids("scan db-01.prod.example.com")).containsExactly("db-01.prod.example.com");
    assertThat(ids("block ip 10.0.0.5")).containsExactly("10.0.0.5");
    assertThat(ids("assign ticket #12 to Alice@Example.com")).containsExactly("12", "alice@example.com");
    assertThat(ids("open https://example.com/runbook/7.")).containsExactly("https://example.com/runbook/7");
    assertThat(ids("deploy api v2.3.1")).containsExactly("v2.3.1");
    assertThat(ids("deploy api 2.3.1")).as("a version with or without its v").containsExactly("v2.3.1");
    assertThat(ids("rename the file to \"Q3  Report\"")).containsExactly("q3 report");
  }

  @Test
  void should_count_key_values_that_look_like_identifiers_and_leave_word_values_as_wording() {
    Identifiers triage = STANDARD.extract("investigate host=web-03 sig=ssh-bruteforce");
    assertThat(triage.ids()).containsExactly("web-03");
    assertThat(triage.wording()).isEqualTo("investigate ssh-bruteforce");
    assertThat(STANDARD.extract("investigate ssh-bruteforce on web-03").ids()).as("the same thing in prose")
        .containsExactly("web-03");
    assertThat(ids("refund customer=1001 amount=\"100 USD\"")).containsExactly("100 USD", "1001");
  }

  @Test
  void should_leave_a_line_of_words_alone_and_collapse_what_the_identifiers_leave() {
    Identifiers words = STANDARD.extract("restart the web server");
    assertThat(words.none()).isTrue();
    assertThat(words.identity()).isNull();
    assertThat(words.wording()).isEqualTo("restart the web server");
    Identifiers refund = STANDARD.extract("refund order-42: 10 USD");
    assertThat(refund.wording()).isEqualTo("refund");
    assertThat(refund.identity()).isEqualTo("ids:[\"10 USD\",\"order-42\"]");
    assertThat(STANDARD.extract("refund 10 USD, order-42").identity()).as("a set: order does not count")
        .isEqualTo(refund.identity());
  }

  @Test
  void should_extend_the_standard_extractor_with_a_pattern_of_one_s_own() {
    IdentifierExtractor skus = IdentifierExtractor.pattern("skus", Pattern.compile("\\bsku ?(\\d+)\\b",
        Pattern.CASE_INSENSITIVE), n -> "sku-" + n);
    IdentifierExtractor extended = skus.andThen(STANDARD);
    Identifiers found = extended.extract("ship SKU 991 to order-42");
    assertThat(found.ids()).containsExactly("order-42", "sku-991");
    assertThat(found.wording()).isEqualTo("ship to");
    assertThat(extended.name()).isEqualTo("skus then standard");
    assertThatThrownBy(() -> IdentifierExtractor.pattern(" ", Pattern.compile("x"), s -> s))
        .hasMessageContaining("a pattern extractor needs a name");
    assertThatThrownBy(() -> STANDARD.andThen(null)).hasMessageContaining("must not be null");
    IdentifierExtractor empty = IdentifierExtractor.pattern("blank", Pattern.compile("\\d+"), s -> " ");
    assertThatThrownBy(() -> empty.extract("order 42")).hasMessageContaining("identifier extractor blank made '42' "
        + "into no identifier");
  }
}
