package dev.memloop.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memloop.memory.embed.HashingEmbedder;
import dev.memloop.memory.index.LexicalIndex;
import dev.memloop.memory.index.RankFusion;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A memory built lexical answers hybrid recalls: the vector search and BM25 fused by reciprocal rank, exactly as
 * the two searches and {@link RankFusion} would give by hand (BM25 reading each item with the two before it); its
 * lexical index follows every add, remove and
 * eviction; kinds and filters hold; a memory without the index, or a vector query, is refused by name.
 */
class HybridRecallTest {

  static final HashingEmbedder EMBEDDER = new HashingEmbedder(64);
  static final String[] WORDS = {"disk", "full", "db", "web", "ssh", "login", "failed", "port", "scan", "alert",
      "lisbon", "train", "hotel", "vegan", "invoice", "refund", "paid", "friday", "night", "owner", "storage"};

  static String text(SplittableRandom random) {
    StringBuilder text = new StringBuilder();
    for (int w = 0, n = 4 + random.nextInt(8); w < n; w++) {
      text.append(w == 0 ? "" : " ").append(WORDS[random.nextInt(WORDS.length)]);
    }
    return text.toString();
  }

  @Test
  void should_fuse_the_vector_search_and_bm25_exactly_as_by_hand() {
    SplittableRandom random = new SplittableRandom(3);
    WorkingMemory memory = WorkingMemory.builder(EMBEDDER).lexical().build();
    LexicalIndex byHand = new LexicalIndex();
    Map<Long, String> idOfKey = new HashMap<>();
    List<String> texts = new ArrayList<>();
    for (long key = 0; key < 300; key++) {
      String text = text(random);
      idOfKey.put(key, memory.add(text));
      // BM25 reads each item with the two before it (the default lexical context), nearest first
      StringBuilder context = new StringBuilder();
      for (int before = texts.size() - 1; before >= Math.max(0, texts.size() - 2); before--) {
        context.append(context.length() == 0 ? "" : "\n").append(texts.get(before));
      }
      byHand.add(key, text, context.toString());
      texts.add(text);
    }
    Map<String, Long> keyOfId = new HashMap<>();
    idOfKey.forEach((key, id) -> keyOfId.put(id, key));
    for (int q = 0; q < 30; q++) {
      String query = text(random);
      List<Recall> vector = memory.search(MemoryQuery.text(query).k(50).build());
      long[] byVector = vector.stream().mapToLong(r -> keyOfId.get(r.id())).toArray();
      long[] byText = byHand.search(query, 50, RankFusion.MIN_LEXICAL_SHARE).stream().mapToLong(LexicalIndex.Hit::key)
          .toArray();
      List<RankFusion.Fused> fused = RankFusion.fuse(List.of(byVector, byText), 10, RankFusion.HYBRID_C);
      List<String> expected = fused.stream().map(f -> idOfKey.get(f.key())).toList();
      List<Recall> hybrid = memory.search(MemoryQuery.text(query).k(10).hybrid().build());
      assertThat(hybrid).extracting(Recall::id).as("query '%s'", query).containsExactlyElementsOf(expected);
      assertThat(hybrid).extracting(Recall::fused).as("ordered by the fused score, which each result carries")
          .containsExactlyElementsOf(fused.stream().map(RankFusion.Fused::score).toList());
      assertThat(hybrid).allMatch(Recall::hybrid);
      for (Recall r : hybrid) { // each reported with its cosine, as any recall
        float[] v = memory.vector(r.id()).orElseThrow();
        assertThat(r.similarity()).isCloseTo(cosine(EMBEDDER.embed(query), v), org.assertj.core.api.Assertions
            .within(1e-4));
      }
    }
  }

  static double cosine(float[] a, float[] b) {
    double dot = 0;
    double na = 0;
    double nb = 0;
    for (int i = 0; i < a.length; i++) {
      dot += a[i] * b[i];
      na += a[i] * a[i];
      nb += b[i] * b[i];
    }
    return dot / Math.sqrt(na * nb);
  }

  @Test
  void should_find_an_exact_rare_word_and_forget_what_was_removed_or_evicted() {
    WorkingMemory memory = WorkingMemory.builder(EMBEDDER).lexical().capacity(3).eviction(Eviction.OLDEST_FIRST)
        .build();
    String ticket = memory.add("ticket ZX4471 belongs to the storage team");
    memory.add("the web servers restart every night");
    String gone = memory.add("invoice 9912 was paid twice");
    assertThat(memory.search(MemoryQuery.text("ZX4471").k(1).hybrid().build())).extracting(Recall::id)
        .containsExactly(ticket);
    assertThat(memory.remove(gone)).isTrue();
    assertThat(memory.search(MemoryQuery.text("9912").k(3).hybrid().build())).extracting(Recall::text)
        .doesNotContain("invoice 9912 was paid twice");
    memory.add("a login failed from an unknown host");
    memory.add("the hotel in Lisbon is vegan friendly"); // at capacity: the ticket, the oldest, is evicted
    assertThat(memory.search(MemoryQuery.text("ZX4471").k(3).hybrid().build())).extracting(Recall::id)
        .doesNotContain(ticket);
    memory.clear();
    assertThat(memory.search(MemoryQuery.text("lisbon hotel").k(3).hybrid().build())).isEmpty();
  }

  @Test
  void should_hold_kinds_filters_and_the_minimum_score() {
    WorkingMemory memory = WorkingMemory.builder(EMBEDDER).lexical().build();
    memory.add("restart the payment service", Map.of());
    String action = memory.add("restart the payment service", Map.of(MemoryKind.KEY, "ACTION", "host", "web-3"));
    memory.add("restart the payment service", Map.of(MemoryKind.KEY, "ACTION", "host", "web-9"));
    assertThat(memory.search(MemoryQuery.text("restart payment").k(5).hybrid().kinds(MemoryKind.ACTION)
        .filter(MetadataFilter.eq("host", "web-3")).build())).extracting(Recall::id).containsExactly(action);
    assertThat(memory.search(MemoryQuery.text("an unrelated sentence about trains").k(5).minScore(0.99).hybrid()
        .build())).isEmpty();
  }

  @Test
  void should_refuse_a_hybrid_recall_without_a_lexical_index_or_of_a_vector_by_name() {
    WorkingMemory plain = WorkingMemory.builder(EMBEDDER).build();
    plain.add("something");
    assertThatThrownBy(() -> plain.search(MemoryQuery.text("something").hybrid().build()))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("build it with WorkingMemory.builder("
            + "embedder).lexical()");
    assertThatThrownBy(() -> MemoryQuery.vector(new float[64]).hybrid().build())
        .hasMessage("a hybrid recall needs a text query: BM25 reads words, not a vector");
    assertThat(plain.answersHybrid()).isFalse();
  }

  @Test
  void should_keep_a_hybrid_query_hybrid_once_its_sender_embedded_it() {
    WorkingMemory memory = WorkingMemory.builder(EMBEDDER).lexical().build();
    for (int i = 0; i < 40; i++) {
      memory.add(WORDS[i % WORDS.length] + " " + WORDS[(i * 7 + 3) % WORDS.length] + " item " + i);
    }
    MemoryQuery asked = MemoryQuery.text("ssh login failed").k(5).hybrid().build();
    MemoryQuery embedded = asked.withVector(EMBEDDER.embed("ssh login failed"));
    assertThat(embedded.hybrid()).isTrue();
    assertThat(embedded.isText()).as("the memory does not embed it again").isFalse();
    assertThat(embedded.text()).isEqualTo("ssh login failed");
    assertThat(memory.answersHybrid()).isTrue();
    assertThat(memory.search(embedded)).extracting(Recall::id).containsExactlyElementsOf(
        memory.search(asked).stream().map(Recall::id).toList());
    MemoryQuery plain = MemoryQuery.text("ssh login failed").k(5).build().withVector(EMBEDDER.embed("x"));
    assertThat(plain.text()).as("a plain query becomes a vector query").isNull();
  }

  @Test
  void should_answer_hybrid_recalls_while_other_threads_write() throws Exception {
    WorkingMemory memory = WorkingMemory.builder(EMBEDDER).lexical().threadSafe().build();
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<Integer>> done = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        int thread = t;
        done.add(pool.submit(() -> {
          SplittableRandom random = new SplittableRandom(thread);
          int found = 0;
          for (int i = 0; i < 300; i++) {
            String text = text(random) + " marker" + thread + "x" + i;
            String id = memory.add(text);
            List<Recall> hits = memory.search(MemoryQuery.text("marker" + thread + "x" + i).k(3).hybrid().build());
            found += hits.stream().anyMatch(r -> r.id().equals(id)) ? 1 : 0;
            if (i % 7 == 0) {
              memory.remove(id);
            }
          }
          return found;
        }));
      }
      for (Future<Integer> f : done) {
        assertThat(f.get(60, TimeUnit.SECONDS)).as("each writer finds its own item by its unique word").isEqualTo(300);
      }
    } finally {
      pool.shutdownNow();
    }
    assertThat(memory.size()).isEqualTo(4 * (300 - 43));
  }
}
