package dev.memloop.runtime.patterns;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memloop.memory.Recall;
import dev.memloop.memory.WorkingMemory;
import org.junit.jupiter.api.Test;

class GroundingCheckTest {

  final PlaneEmbedder embedder = new PlaneEmbedder().at("budget is 2000", 0).at("budget near 2000", 10)
      .at("stay under 2000", 20).at("flights on Tuesday", 90).at("the budget is 2000 dollars", 3);

  WorkingMemory sources() {
    WorkingMemory m = WorkingMemory.builder(embedder).build();
    m.add("budget is 2000");
    m.add("budget near 2000");
    m.add("stay under 2000");
    return m;
  }

  @Test
  void should_return_the_support_most_similar_first_at_most_k() {
    GroundingCheck check = new GroundingCheck(sources(), embedder, 0.9, 2);
    GroundingCheck.Grounding g = check.check("the budget is 2000 dollars");
    assertThat(g.grounded()).isTrue();
    assertThat(g.support()).extracting(Recall::text).containsExactly("budget is 2000", "budget near 2000");
  }

  @Test
  void should_call_a_claim_without_support_ungrounded_and_name_the_nearest_item() {
    GroundingCheck check = new GroundingCheck(sources(), embedder, 0.9, 3);
    GroundingCheck.Grounding g = check.check("flights on Tuesday");
    assertThat(g.grounded()).isFalse();
    assertThat(g.support()).isEmpty();
    assertThat(g.nearest().text()).isEqualTo("stay under 2000"); // 70 degrees away, the closest
    assertThat(check.counters()).isEqualTo(new GroundingCheck.Counters(1, 0, 1));
  }

  @Test
  void should_take_support_at_exactly_the_threshold_and_not_just_above_it() {
    WorkingMemory sources = sources();
    double similarity = sources.recall("the budget is 2000 dollars", 3).get(2).similarity(); // "stay under 2000"
    assertThat(new GroundingCheck(sources, embedder, similarity, 3).check("the budget is 2000 dollars").support())
        .extracting(Recall::text).contains("stay under 2000");
    assertThat(new GroundingCheck(sources, embedder, Math.nextUp(similarity), 3).check("the budget is 2000 dollars")
        .support()).extracting(Recall::text).doesNotContain("stay under 2000");
  }

  @Test
  void should_call_everything_ungrounded_against_no_sources_and_change_nothing() {
    WorkingMemory empty = WorkingMemory.builder(embedder).build();
    GroundingCheck check = new GroundingCheck(empty, embedder, 0.5, 3);
    GroundingCheck.Grounding g = check.check("budget is 2000");
    assertThat(g.grounded()).isFalse();
    assertThat(g.nearest()).isNull();
    assertThat(empty.size()).isZero();
    WorkingMemory sources = sources();
    new GroundingCheck(sources, embedder, 0.5, 3).check("budget is 2000");
    assertThat(sources.size()).as("read-only").isEqualTo(3);
  }

  @Test
  void should_refuse_bad_input_naming_it() {
    assertThatThrownBy(() -> new GroundingCheck(sources(), embedder, 0.9, 0)).hasMessageContaining("grounding k must be > 0: 0");
    assertThatThrownBy(() -> new GroundingCheck(sources(), embedder, -1.1, 3))
        .hasMessageContaining("grounding threshold must be a similarity in [0, 1]: -1.1");
    assertThatThrownBy(() -> new GroundingCheck(sources(), embedder, 0.9, 3).check(""))
        .hasMessageContaining("claim must not be null or blank: ''");
  }
}
