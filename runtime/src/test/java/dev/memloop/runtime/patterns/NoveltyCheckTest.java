package dev.memloop.runtime.patterns;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memloop.memory.Eviction;
import dev.memloop.memory.WorkingMemory;
import org.junit.jupiter.api.Test;

class NoveltyCheckTest {

  // cos 30 degrees = 0.866: "alert A again" is a repeat at 0.85, novel at 0.9
  final PlaneEmbedder embedder = new PlaneEmbedder().at("alert A", 0).at("alert A again", 30).at("alert B", 90);

  NoveltyCheck check(double threshold) {
    return new NoveltyCheck(WorkingMemory.builder(embedder).build(), embedder, threshold);
  }

  @Test
  void should_pass_and_remember_the_first_observation_of_an_empty_memory() {
    NoveltyCheck check = check(0.85);
    NoveltyCheck.Novelty first = check.observe("alert A");
    assertThat(first.novel()).isTrue();
    assertThat(first.earlier()).isNull();
    assertThat(first.storedId()).isNotNull();
  }

  @Test
  void should_tag_a_repeat_with_the_earlier_item() {
    NoveltyCheck check = check(0.85);
    String first = check.observe("alert A").storedId();
    NoveltyCheck.Novelty repeat = check.observe("alert A again");
    assertThat(repeat.novel()).isFalse();
    assertThat(repeat.earlier().id()).isEqualTo(first);
    assertThat(repeat.earlier().text()).isEqualTo("alert A");
    assertThat(check.observe("alert B").novel()).isTrue();
    assertThat(check.counters()).isEqualTo(new NoveltyCheck.Counters(3, 2, 1, 0));
  }

  @Test
  void should_count_a_similarity_at_the_threshold_as_a_repeat_and_just_below_as_novel() {
    WorkingMemory probe = WorkingMemory.builder(embedder).build();
    probe.add("alert A");
    double similarity = probe.recall("alert A again", 1).get(0).similarity(); // as the memory computes it
    NoveltyCheck at = check(similarity);
    at.observe("alert A");
    assertThat(at.observe("alert A again").novel()).as("similarity == threshold").isFalse();
    NoveltyCheck above = check(Math.nextUp(similarity));
    above.observe("alert A");
    assertThat(above.observe("alert A again").novel()).as("similarity just below the threshold").isTrue();
  }

  @Test
  void should_pass_a_novel_observation_that_a_full_memory_cannot_take_and_count_it() {
    WorkingMemory full = WorkingMemory.builder(embedder).capacity(1).eviction(Eviction.NONE).build();
    NoveltyCheck check = new NoveltyCheck(full, embedder, 0.85);
    check.observe("alert A");
    NoveltyCheck.Novelty b = check.observe("alert B");
    assertThat(b.novel()).isTrue();
    assertThat(b.storedId()).isNull();
    assertThat(full.size()).isEqualTo(1);
    assertThat(check.counters().notStored()).isEqualTo(1);
  }

  @Test
  void should_refuse_bad_input_naming_it_and_change_nothing() {
    assertThatThrownBy(() -> check(1.5)).hasMessageContaining("novelty threshold must be a similarity in [0, 1]: 1.5");
    assertThatThrownBy(() -> check(Double.NaN)).hasMessageContaining("NaN");
    NoveltyCheck check = check(0.9);
    assertThatThrownBy(() -> check.observe(" ")).hasMessageContaining("observation must not be null or blank: ' '");
    assertThatThrownBy(() -> check.observe(null)).hasMessageContaining("observation must not be null or blank: null");
    assertThat(check.counters().checked()).isZero();
    assertThatThrownBy(() -> new NoveltyCheck(WorkingMemory.builder(new dev.memloop.memory.embed.HashingEmbedder(8)).build(),
        embedder, 0.9)).hasMessageContaining("memory dimension 8 != embedder dimension 2");
  }
}
