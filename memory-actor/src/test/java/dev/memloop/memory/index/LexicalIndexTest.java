package dev.memloop.memory.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * BM25 against a plain reference written from the formula on random texts, before and after removals; the terms;
 * and reciprocal-rank fusion's order, pinned.
 */
class LexicalIndexTest {

  static final String[] WORDS = {"disk", "full", "db", "web", "ssh", "login", "failed", "port", "scan", "alert",
      "the", "a", "of", "lisbon", "train", "hotel", "vegan", "invoice", "refund", "paid", "friday", "night", "42"};

  static String text(SplittableRandom random) {
    StringBuilder text = new StringBuilder();
    int words = 3 + random.nextInt(14);
    for (int w = 0; w < words; w++) {
      text.append(w == 0 ? "" : random.nextBoolean() ? " " : ", ").append(WORDS[random.nextInt(WORDS.length)]);
    }
    return text.toString();
  }

  /** BM25 as the formula says, recomputed from the texts for every query. */
  static Map<Long, Double> reference(Map<Long, String> texts, String query) {
    Map<Long, List<String>> docs = new LinkedHashMap<>();
    texts.forEach((key, text) -> docs.put(key, TextAnalysis.english().terms(text)));
    double avg = docs.values().stream().mapToInt(List::size).average().orElse(0);
    Map<Long, Double> scores = new HashMap<>();
    for (String term : new HashSet<>(TextAnalysis.english().terms(query))) {
      long df = docs.values().stream().filter(d -> d.contains(term)).count();
      if (df == 0) {
        continue;
      }
      double idf = Math.log(1 + (docs.size() - df + 0.5) / (df + 0.5));
      docs.forEach((key, terms) -> {
        long tf = terms.stream().filter(term::equals).count();
        if (tf > 0) {
          double norm = 1.2 * (1 - 0.75 + 0.75 * terms.size() / avg);
          scores.merge(key, idf * tf * 2.2 / (tf + norm), Double::sum);
        }
      });
    }
    return scores;
  }

  static void assertMatchesReference(LexicalIndex index, Map<Long, String> texts, String query) {
    Map<Long, Double> expected = reference(texts, query);
    List<LexicalIndex.Hit> hits = index.search(query, 10);
    assertThat(hits).hasSize(Math.min(10, expected.size()));
    for (LexicalIndex.Hit hit : hits) {
      assertThat((double) hit.score()).as("key %d for '%s'", hit.key(), query)
          .isCloseTo(expected.get(hit.key()), within(1e-4 * Math.max(1, expected.get(hit.key()))));
    }
    for (int i = 1; i < hits.size(); i++) {
      assertThat(hits.get(i - 1).score()).isGreaterThanOrEqualTo(hits.get(i).score());
    }
    if (!hits.isEmpty()) { // nothing left out scores above the last one kept
      float last = hits.get(hits.size() - 1).score();
      long above = expected.values().stream().filter(s -> s > last + 1e-3 * Math.max(1, last)).count();
      assertThat(above).isLessThanOrEqualTo(hits.size());
    }
  }

  @Test
  void should_never_match_a_query_through_a_stop_word_alone_and_find_a_word_by_its_stem() {
    LexicalIndex index = new LexicalIndex();
    index.add(1, "The Porto warehouse is closed on Mondays");
    index.add(2, "Order-42 was refunded");
    assertThat(index.search("which purchase did we give the money back for?", 5)).as("'the' matches nothing").isEmpty();
    assertThat(index.search("refunds of orders", 5)).extracting(LexicalIndex.Hit::key).containsExactly(2L);
  }

  @Test
  void should_keep_only_hits_that_reach_a_share_of_the_query_s_ideal_score() {
    LexicalIndex index = new LexicalIndex();
    index.add(1, "ssh login failed on web-03");
    index.add(2, "a login page for the hotel");
    for (long key = 3; key < 40; key++) {
      index.add(key, "filler line " + key + " about a login"); // "login" is common, "ssh" and "failed" are rare
    }
    List<LexicalIndex.Hit> all = index.search("ssh login failed", 50, 0);
    List<LexicalIndex.Hit> strong = index.search("ssh login failed", 50, 0.5f);
    assertThat(all).hasSize(39);
    assertThat(strong).extracting(LexicalIndex.Hit::key).as("only the text with the rare words").containsExactly(1L);
    assertThat(strong.get(0).score()).isEqualTo(all.get(0).score());
  }

  @Test
  void should_score_as_the_reference_on_random_texts_before_and_after_removals() {
    SplittableRandom random = new SplittableRandom(7);
    LexicalIndex index = new LexicalIndex();
    Map<Long, String> texts = new LinkedHashMap<>();
    for (long key = 0; key < 400; key++) {
      String text = text(random);
      texts.put(key, text);
      index.add(key, text);
    }
    for (int q = 0; q < 50; q++) {
      assertMatchesReference(index, texts, text(random));
    }
    List<Long> keys = new ArrayList<>(texts.keySet());
    for (int i = 0; i < 150; i++) {
      long key = keys.remove(random.nextInt(keys.size()));
      texts.remove(key);
      assertThat(index.remove(key)).isTrue();
    }
    for (long key = 1_000; key < 1_050; key++) { // slots freed by removals are taken again
      String text = text(random);
      texts.put(key, text);
      index.add(key, text);
    }
    assertThat(index.size()).isEqualTo(texts.size());
    for (int q = 0; q < 50; q++) {
      assertMatchesReference(index, texts, text(random));
    }
    assertThat(index.remove(123_456)).isFalse();
  }

  @Test
  void should_read_a_query_in_place_as_terms_reads_it_whatever_its_case_repeats_or_letters() {
    // many distinct terms (the term table grows several times), mixed case, repeated query words, and letters beyond
    // ASCII whose lower case is not one char to one char (a final sigma)
    SplittableRandom random = new SplittableRandom(11);
    String[] extra = {"Ünïcode", "ΣΟΦΙΑΣ", "Straße", "İstanbul", "DB-3", "Lisbon"};
    LexicalIndex index = new LexicalIndex();
    Map<Long, String> texts = new LinkedHashMap<>();
    for (long key = 0; key < 300; key++) {
      String text = text(random) + " term" + key + " " + extra[(int) (key % extra.length)]
          + (key % 3 == 0 ? " " + WORDS[(int) key % WORDS.length].toUpperCase(java.util.Locale.ROOT) : "");
      texts.put(key, text);
      index.add(key, text);
    }
    String[] queries = {"DISK disk Disk full", "ünïcode SOFIA σοφιας", "STRASSE straße", "istanbul İstanbul",
        "db 3 DB-3", "TERM17 term17 Lisbon lisbon LISBON", "nothing here matches", "τ"};
    for (String query : queries) {
      assertMatchesReference(index, texts, query);
    }
    index.clear();
    assertThat(index.search("disk", 5)).isEmpty();
    index.add(1, "Disk FULL");
    assertThat(index.search("disk disk", 5)).extracting(LexicalIndex.Hit::key).containsExactly(1L);
  }

  @Test
  void should_read_terms_with_lucene_s_english_chain_and_order_ties_by_key() {
    assertThat(new LexicalIndex().terms("The disks were FULL on db-3, again: the customer's refunds!"))
        .as("stop words dropped, possessives and plurals stemmed, lower case")
        .containsExactly("disk", "were", "full", "db", "3", "again", "custom", "refund");
    assertThat(TextAnalysis.plain().terms("The disks were FULL")).as("the chain before: nothing dropped")
        .containsExactly("the", "disks", "were", "full");
    LexicalIndex index = new LexicalIndex();
    index.add(5, "the train to Porto");
    index.add(2, "the train to Porto");
    index.add(9, "a hotel in Lisbon");
    assertThat(index.search("train", 5)).extracting(LexicalIndex.Hit::key).as("equal scores: the smaller key first")
        .containsExactly(2L, 5L);
    assertThat(index.search("nothing matches", 5)).isEmpty();
    index.clear();
    assertThat(index.search("train", 5)).isEmpty();
  }

  @Test
  void should_fuse_ranks_and_order_equal_scores_by_key() {
    List<RankFusion.Fused> fused = RankFusion.fuse(List.of(new long[] {1, 2, 3}, new long[] {3, 4, 1}), 4, 60);
    // 1: 1/61 + 1/63; 3: 1/63 + 1/61 (tie with 1: smaller key first); 2: 1/62; 4: 1/62 (tie: 2 first)
    assertThat(fused).extracting(RankFusion.Fused::key).containsExactly(1L, 3L, 2L, 4L);
    assertThat(fused.get(0).score()).isCloseTo(1.0 / 61 + 1.0 / 63, within(1e-12));
    assertThat(RankFusion.fuse(List.of(new long[] {1, 2, 3}), 2, 60)).extracting(RankFusion.Fused::key)
        .containsExactly(1L, 2L);
  }
}
