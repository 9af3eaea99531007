package dev.memloop.agents.trip;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memloop.memory.embed.HashingEmbedder;
import dev.memloop.workloads.trip.TripConversation;
import dev.memloop.workloads.trip.TripConversations;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The trip task's conditions on seeded conversations with the simulated model, and its grader. */
class TripSessionTest {

  static final HashingEmbedder EMBEDDER = new HashingEmbedder(256);

  static TripSession.Outcome run(long seed, TripCondition condition, SimulatedTripModel.Habits habits) {
    TripConversation conversation = TripConversations.generate(seed);
    return TripSession.run(conversation, condition, new SimulatedTripModel(habits, conversation.constraints(), seed), 4,
        EMBEDDER, 8);
  }

  @Test
  void should_recall_nothing_through_a_window_that_the_constraints_have_left() {
    for (long seed = 0; seed < 10; seed++) {
      assertThat(run(seed, TripCondition.BASELINE, SimulatedTripModel.Habits.NANO_SIM).recalled()).isZero();
      assertThat(run(seed, TripCondition.AWARE, SimulatedTripModel.Habits.NANO_SIM).recalled()).isZero();
    }
  }

  @Test
  void should_recall_all_five_by_restating_them_in_every_reply_at_a_rent_in_tokens() {
    TripSession.Outcome notes = run(3, TripCondition.NOTES, SimulatedTripModel.Habits.NANO_SIM);
    TripSession.Outcome baseline = run(3, TripCondition.BASELINE, SimulatedTripModel.Habits.NANO_SIM);
    assertThat(notes.recalled()).isEqualTo(5);
    assertThat(notes.estimatedTokens()).isGreaterThan(2 * baseline.estimatedTokens());
    assertThat(notes.writes()).isZero();
  }

  @Test
  void should_recall_all_five_from_a_store_that_fits_one_read() {
    SimulatedTripModel.Habits tidy = new SimulatedTripModel.Habits("tidy", 0, 0);
    for (long seed = 0; seed < 10; seed++) {
      TripSession.Outcome memory = run(seed, TripCondition.MEMORY, tidy);
      assertThat(memory.stored()).isEqualTo(5);
      assertThat(memory.recalled()).as("seed " + seed).isEqualTo(5);
      assertThat(memory.recallNanos()).hasSize(1);
    }
  }

  @Test
  void should_keep_every_write_even_when_copies_crowd_the_read_window() {
    SimulatedTripModel.Habits hoarder = new SimulatedTripModel.Habits("hoarder", 1, 1);
    TripSession.Outcome memory = run(5, TripCondition.MEMORY, hoarder);
    assertThat(memory.stored()).isEqualTo(memory.writes()).isGreaterThan(8);
    assertThat(memory.recalled()).isBetween(0, 5);
  }

  @Test
  void should_grade_by_any_keyword_case_insensitively() {
    TripConversation c = TripConversations.generate(1);
    String all = String.join(" ", c.constraints().stream().map(k -> k.keywords().get(0).toUpperCase()).toList());
    assertThat(KeywordGrader.grade(all, c.constraints())).isEqualTo(5);
    assertThat(KeywordGrader.grade("nothing relevant", c.constraints())).isZero();
  }

  @Test
  void should_refuse_bad_settings_naming_them() {
    TripConversation c = TripConversations.generate(1);
    SimulatedTripModel model = new SimulatedTripModel(SimulatedTripModel.Habits.NANO_SIM, c.constraints(), 1);
    assertThatThrownBy(() -> TripSession.run(c, TripCondition.BASELINE, model, 0, EMBEDDER, 8))
        .hasMessageContaining("window must be > 0 messages: 0");
    assertThatThrownBy(() -> new TripTools(EMBEDDER, 0)).hasMessageContaining("k must be > 0: 0");
    assertThatThrownBy(() -> new SimulatedTripModel.Habits("x", 1.5, 0)).hasMessageContaining("habit rates must be in [0, 1]: 1.5, 0.0");
    assertThat(Sentences.requirements(List.of("I need a quiet room. Nice weather?"))).containsExactly("I need a quiet room.");
  }
}
