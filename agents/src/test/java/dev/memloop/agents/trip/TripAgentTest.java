package dev.memloop.agents.trip;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memloop.memory.embed.HashingEmbedder;
import dev.memloop.runtime.step.MemoryOutcome;
import dev.memloop.workloads.trip.TripConversation;
import dev.memloop.workloads.trip.TripConversations;
import java.time.Duration;
import java.util.concurrent.atomic.LongAdder;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** The trip agent as an actor on the runtime, under each memory policy, with the simulated model. */
class TripAgentTest {

  static final ActorTestKit testKit = ActorTestKit.create();
  static final HashingEmbedder EMBEDDER = new HashingEmbedder(256);
  static final Duration TURN = Duration.ofSeconds(30);

  @AfterAll
  static void shutdown() {
    testKit.shutdownTestKit();
  }

  static TripRun.Outcome onRuntime(long seed, TripCondition condition, TripAgents.MemoryArm arm,
      SimulatedTripModel.Habits habits) throws Exception {
    TripConversation conversation = TripConversations.generate(seed);
    LongAdder characters = new LongAdder();
    return TripRun.run(testKit.system(), TripAgents.simulated("trip-" + condition + "-" + seed, condition, arm, habits,
        conversation, seed, EMBEDDER, characters), condition, arm.label(), conversation, characters, TURN);
  }

  @Test
  void should_answer_alike_per_step_per_turn_and_over_a_near_store_when_one_read_holds_every_note() throws Exception {
    SimulatedTripModel.Habits tidy = new SimulatedTripModel.Habits("tidy", 0, 0);
    for (long seed = 0; seed < 5; seed++) {
      TripRun.Outcome perStep = onRuntime(seed, TripCondition.MEMORY, TripAgents.MemoryArm.PER_STEP, tidy);
      TripRun.Outcome networked = onRuntime(seed, TripCondition.MEMORY,
          TripAgents.MemoryArm.networked(Duration.ofMillis(1)), tidy);
      assertThat(networked.finalAnswer()).as("seed " + seed).isEqualTo(perStep.finalAnswer());
      assertThat(networked.recalled()).isEqualTo(perStep.recalled()).isEqualTo(5);
      assertThat(networked.writes()).isEqualTo(perStep.writes());
      assertThat(networked.stored()).isEqualTo(perStep.stored());
      assertThat(networked.estimatedTokens()).isEqualTo(perStep.estimatedTokens());
    }
  }

  @Test
  void should_see_the_whole_store_pinned_per_turn_where_one_read_of_k_8_misses() throws Exception {
    SimulatedTripModel.Habits hoarder = new SimulatedTripModel.Habits("hoarder", 1, 1);
    TripRun.Outcome perStep = onRuntime(5, TripCondition.MEMORY, TripAgents.MemoryArm.PER_STEP, hoarder);
    TripRun.Outcome perTurn = onRuntime(5, TripCondition.MEMORY, TripAgents.MemoryArm.PER_TURN, hoarder);
    assertThat(perStep.stored()).as("the copies outgrow one read").isGreaterThan(TripAgents.K);
    assertThat(perTurn.stored()).isEqualTo(perStep.stored());
    assertThat(perTurn.recalled()).as("the dump pins every note").isEqualTo(5);
    assertThat(perTurn.estimatedTokens()).as("at the rent of pinning them all").isGreaterThan(perStep.estimatedTokens());
  }

  @Test
  void should_recall_over_a_round_trip_the_budget_affords_and_nothing_over_one_it_cannot() throws Exception {
    TripRun.Outcome perStep = onRuntime(2, TripCondition.MEMORY, TripAgents.MemoryArm.PER_STEP,
        SimulatedTripModel.Habits.NANO_SIM);
    TripRun.Outcome near = onRuntime(2, TripCondition.MEMORY, TripAgents.MemoryArm.networked(Duration.ofMillis(30)),
        SimulatedTripModel.Habits.NANO_SIM);
    TripRun.Outcome far = onRuntime(2, TripCondition.MEMORY, TripAgents.MemoryArm.networked(Duration.ofMillis(110)),
        SimulatedTripModel.Habits.NANO_SIM);

    assertThat(near.finalRead()).isEqualTo(MemoryOutcome.ANSWERED);
    assertThat(near.recalled()).isEqualTo(perStep.recalled());
    assertThat(near.recallNanos()).singleElement().satisfies(nanos ->
        assertThat(nanos).as("the read waited for its round trip").isGreaterThanOrEqualTo(Duration.ofMillis(30).toNanos()));
    assertThat(far.finalRead()).as("+110 ms does not fit a 100 ms budget").isEqualTo(MemoryOutcome.UNAFFORDABLE);
    assertThat(far.recalled()).as("the constraints are out of the window and unread").isZero();
    assertThat(far.stored()).as("every write landed; only the read was unaffordable").isEqualTo(perStep.stored());
  }
}
