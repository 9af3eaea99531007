package dev.memloop.agents.trip;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memloop.memory.embed.HashingEmbedder;
import dev.memloop.workloads.trip.TripConversation;
import dev.memloop.workloads.trip.TripConversations;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** The trip task's four conditions with the simulated model, each conversation a trip agent on the runtime. */
class TripConditionsTest {

  static final ActorTestKit testKit = ActorTestKit.create();
  static final HashingEmbedder EMBEDDER = new HashingEmbedder(256);

  @AfterAll
  static void shutdown() {
    testKit.shutdownTestKit();
  }

  static TripRun.Outcome run(long seed, TripCondition condition, SimulatedTripModel.Habits habits) throws Exception {
    TripConversation conversation = TripConversations.generate(seed);
    LongAdder characters = new LongAdder();
    return TripRun.run(testKit.system(), TripAgents.simulated("trip-" + condition + "-" + habits.name() + "-" + seed,
        condition, TripAgents.MemoryArm.PER_STEP, habits, conversation, seed, EMBEDDER, characters), condition,
        "per-step", conversation, characters, Duration.ofSeconds(30));
  }

  @Test
  void should_recall_nothing_through_a_window_that_the_constraints_have_left() throws Exception {
    for (long seed = 0; seed < 10; seed++) {
      assertThat(run(seed, TripCondition.BASELINE, SimulatedTripModel.Habits.NANO_SIM).recalled()).isZero();
      assertThat(run(seed, TripCondition.AWARE, SimulatedTripModel.Habits.NANO_SIM).recalled()).isZero();
    }
  }

  @Test
  void should_recall_all_five_by_restating_them_in_every_reply_at_a_rent_in_tokens() throws Exception {
    TripRun.Outcome notes = run(3, TripCondition.NOTES, SimulatedTripModel.Habits.NANO_SIM);
    TripRun.Outcome baseline = run(3, TripCondition.BASELINE, SimulatedTripModel.Habits.NANO_SIM);
    assertThat(notes.recalled()).isEqualTo(5);
    assertThat(notes.estimatedTokens()).isGreaterThan(2 * baseline.estimatedTokens());
    assertThat(notes.writes()).isZero();
  }

  @Test
  void should_recall_all_five_from_a_store_that_fits_one_read() throws Exception {
    SimulatedTripModel.Habits tidy = new SimulatedTripModel.Habits("tidy", 0, 0);
    for (long seed = 0; seed < 10; seed++) {
      TripRun.Outcome memory = run(seed, TripCondition.MEMORY, tidy);
      assertThat(memory.stored()).isEqualTo(5);
      assertThat(memory.recalled()).as("seed " + seed).isEqualTo(5);
      assertThat(memory.recallNanos()).hasSize(1);
    }
  }

  @Test
  void should_keep_every_write_even_when_copies_crowd_the_read_window() throws Exception {
    SimulatedTripModel.Habits hoarder = new SimulatedTripModel.Habits("hoarder", 1, 1);
    TripRun.Outcome memory = run(5, TripCondition.MEMORY, hoarder);
    assertThat(memory.stored()).isEqualTo(memory.writes()).isGreaterThan(TripAgents.K);
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
    assertThatThrownBy(() -> new SimulatedTripModel.Habits("x", 1.5, 0))
        .hasMessageContaining("habit rates must be in [0, 1]: 1.5, 0.0");
    assertThatThrownBy(() -> new TripAgents.MemoryArm(dev.memloop.runtime.policy.MemoryPolicyKind.NONE, Duration.ZERO))
        .hasMessageContaining("a memory arm is per-step, per-turn or networked");
    assertThat(Sentences.requirements(List.of("I need a quiet room. Nice weather?"))).containsExactly("I need a quiet room.");
  }
}
