package dev.memloop.runtime.patterns;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memloop.memory.MemoryQuery;
import dev.memloop.memory.Recall;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.embed.HashingEmbedder;
import dev.memloop.memory.index.RankFusion;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Follow-up reads: the first is the memory's hybrid recall; each next recalls the question with the best item not yet
 * followed, fused with the reads before it at the follow-up weight; a second hop's fact rises; steps and inputs are
 * bounded by name.
 */
class FollowUpRecallTest {

  static final HashingEmbedder EMBEDDER = new HashingEmbedder(64);
  static final String QUESTION = "Where does Ana's dog like to go?";
  static final String FIRST_HOP = "Ana adopted a dog named Pixel last spring.";
  static final String SECOND_HOP = "Pixel loves the beach at Cascais more than anything.";

  /** Twelve items: the two hops apart, with no context between them (each read alone), among filler. */
  static WorkingMemory memory() {
    WorkingMemory memory = WorkingMemory.builder(EMBEDDER).lexical().lexicalContext(0).build();
    String[] filler = {"The invoice for March was paid on Friday.", "Storage on the web node is almost full.",
        "The train to Porto leaves at nine.", "Ben booked a vegan hotel for the conference.",
        "Login failed twice on the ssh port.", "The garden needs watering every other day.",
        "A refund was sent to the owner.", "The night shift starts at ten.", "Disk alerts went quiet after noon.",
        "Ben plays chess on Tuesdays."};
    memory.add(FIRST_HOP);
    for (String line : filler) {
      memory.add(line);
    }
    memory.add(SECOND_HOP);
    return memory;
  }

  @Test
  void should_read_first_the_memorys_own_hybrid_recall() {
    WorkingMemory memory = memory();
    FollowUpRecall.Reading reading = new FollowUpRecall(FollowUpRecall.DEFAULTS).start(QUESTION, 5);
    assertThat(reading.result()).as("nothing read yet").isEmpty();
    assertThat(reading.nextQuery()).isEqualTo(MemoryQuery.text(QUESTION).k(5).hybrid().build());
    assertThat(reading.next(memory)).isTrue();
    assertThat(reading.reads()).isEqualTo(1);
    assertThat(reading.result()).extracting(Recall::id).containsExactlyElementsOf(
        memory.search(MemoryQuery.text(QUESTION).k(5).hybrid().build()).stream().map(Recall::id).toList());
  }

  @Test
  void should_follow_the_best_new_item_and_fuse_at_the_follow_up_weight() {
    WorkingMemory memory = memory();
    int k = 12;
    FollowUpRecall.Reading reading = new FollowUpRecall(new FollowUpRecall.Settings(2, 0.3)).start(QUESTION, k);
    assertThat(reading.next(memory)).isTrue();
    List<Recall> first = memory.search(MemoryQuery.text(QUESTION).k(k).hybrid().build());
    assertThat(reading.nextQuery()).as("the question with the best item not yet followed")
        .isEqualTo(MemoryQuery.text(QUESTION + " " + first.get(0).text()).k(k).hybrid().build());
    assertThat(reading.next(memory)).isTrue();
    assertThat(reading.done()).isTrue();
    assertThat(reading.next(memory)).as("two steps at most").isFalse();
    assertThatThrownBy(reading::nextQuery).isInstanceOf(IllegalStateException.class)
        .hasMessage("follow-up recall: every read of this question is made (2 of 2)");
    List<Recall> second = memory.search(MemoryQuery.text(QUESTION + " " + first.get(0).text()).k(k).hybrid().build());
    List<String> ids = new ArrayList<>();
    first.forEach(r -> ids.add(r.id()));
    second.forEach(r -> {
      if (!ids.contains(r.id())) {
        ids.add(r.id());
      }
    });
    long[] firstKeys = first.stream().mapToLong(r -> ids.indexOf(r.id())).toArray();
    long[] secondKeys = second.stream().mapToLong(r -> ids.indexOf(r.id())).toArray();
    List<RankFusion.Fused> byHand = RankFusion.fuse(List.of(firstKeys, secondKeys), new double[] {1, 0.3}, k,
        RankFusion.HYBRID_C);
    assertThat(reading.result()).extracting(Recall::id)
        .containsExactlyElementsOf(byHand.stream().map(f -> ids.get((int) f.key())).toList());
  }

  @Test
  void should_raise_the_second_hops_fact_above_where_one_read_puts_it() {
    WorkingMemory memory = memory();
    List<String> one = memory.search(MemoryQuery.text(QUESTION).k(12).hybrid().build()).stream().map(Recall::text)
        .toList();
    assertThat(one.get(0)).as("the first read finds the first hop").isEqualTo(FIRST_HOP);
    List<String> followed = new FollowUpRecall(FollowUpRecall.DEFAULTS).recall(memory, QUESTION, 12).stream()
        .map(Recall::text).toList();
    assertThat(followed.indexOf(SECOND_HOP)).as("Pixel's beach, found by following Pixel")
        .isLessThan(one.indexOf(SECOND_HOP));
  }

  @Test
  void should_refuse_bad_settings_and_input_by_name() {
    assertThatThrownBy(() -> new FollowUpRecall.Settings(0, 0.3)).hasMessage(
        "follow-up recall steps must be in [1, 8]: 0");
    assertThatThrownBy(() -> new FollowUpRecall.Settings(9, 0.3)).hasMessage(
        "follow-up recall steps must be in [1, 8]: 9");
    assertThatThrownBy(() -> new FollowUpRecall.Settings(3, 0)).hasMessage(
        "follow-up recall weight must be in (0, 1]: 0.0");
    assertThatThrownBy(() -> new FollowUpRecall.Settings(3, Double.NaN)).hasMessage(
        "follow-up recall weight must be in (0, 1]: NaN");
    FollowUpRecall recall = new FollowUpRecall(FollowUpRecall.DEFAULTS);
    assertThatThrownBy(() -> recall.recall(WorkingMemory.builder(EMBEDDER).build(), QUESTION, 3))
        .hasMessage("follow-up recall reads hybrid: build the memory with lexical()");
    assertThatThrownBy(() -> new FollowUpRecall(null)).hasMessage("follow-up recall needs its settings");
    assertThatThrownBy(() -> recall.start(QUESTION, 0)).hasMessage("k must be > 0: 0");
    assertThatThrownBy(() -> recall.start(" ", 3)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("question");
  }
}
