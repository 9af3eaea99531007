package dev.memloop.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memloop.memory.WorkingMemory;
import dev.memloop.runtime.patterns.PlaneEmbedder;
import dev.memloop.memory.timing.Ticker;
import dev.memloop.runtime.step.GuardOutcome;
import dev.memloop.runtime.step.MemoryOutcome;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class LoopGuardTest {

  // the guard embeds an action's words beside its identifiers: "block ip" for "block ip 10.0.0.1"
  final PlaneEmbedder embedder = new PlaneEmbedder().at("block ip", 0).at("block address", 5).at("page on-call", 90);

  @Test
  void should_miss_on_an_empty_memory_then_catch_the_repeat_of_a_recorded_action() {
    WorkingMemory memory = WorkingMemory.builder(embedder).build();
    LoopGuard guard = LoopGuard.over(memory, embedder, 0.99, null);
    assertThat(guard.before("block ip 10.0.0.1").outcome()).isEqualTo(GuardOutcome.MISS);
    guard.after("block ip 10.0.0.1");
    var verdict = guard.before("block address 10.0.0.1");
    assertThat(verdict.outcome()).isEqualTo(GuardOutcome.HIT);
    assertThat(verdict.matchedLine()).isEqualTo("block ip 10.0.0.1");
    assertThat(guard.before("page on-call").outcome()).isEqualTo(GuardOutcome.MISS);
    assertThat(guard.counters()).isEqualTo(new LoopGuard.Counters(3, 1, 2, 0, 0, 1));
    assertThat(memory.size()).isEqualTo(1);
  }

  @Test
  void should_run_unguarded_once_the_turn_s_budget_is_spent_and_afford_again_next_turn() {
    // a manual clock: every reading advances 0.2 ms, so a lookup (four intervals) costs 0.8 ms. A 4 ms budget pays
    // for four: the estimate is the 1 ms margin while the budget's prior still outvotes the lookups measured, and
    // after the fourth only 0.8 ms is left
    AtomicLong now = new AtomicLong();
    Ticker ticker = () -> now.addAndGet(200_000);
    WorkingMemory memory = WorkingMemory.builder(embedder).build();
    LoopGuard guard = LoopGuard.over(memory, embedder, 0.99, Duration.ofMillis(4), ticker);
    guard.startTurn();
    for (int i = 0; i < 4; i++) {
      assertThat(guard.before("block ip 10.0.0." + i).outcome()).as("lookup " + i).isEqualTo(GuardOutcome.MISS);
    }
    assertThat(guard.before("page on-call").outcome()).isEqualTo(GuardOutcome.UNAFFORDABLE);
    guard.startTurn();
    assertThat(guard.before("page on-call").outcome()).isEqualTo(GuardOutcome.MISS);
    assertThat(guard.counters().unaffordable()).isEqualTo(1);
  }

  @Test
  void should_block_at_exactly_the_threshold_and_not_just_above_it() {
    WorkingMemory probe = WorkingMemory.builder(embedder).build();
    probe.add("block ip"); // the guard compares the words beside the identifiers: "block ip", "block address"
    double similarity = probe.recall("block address", 1).get(0).similarity(); // as the memory computes it
    for (double threshold : new double[] {similarity, Math.nextUp(similarity)}) {
      WorkingMemory memory = WorkingMemory.builder(embedder).build();
      LoopGuard guard = LoopGuard.over(memory, embedder, threshold, null);
      guard.after("block ip 10.0.0.1");
      assertThat(guard.before("block address 10.0.0.1").outcome()).as("threshold %s", threshold)
          .isEqualTo(threshold == similarity ? GuardOutcome.HIT : GuardOutcome.MISS);
    }
  }

  @Test
  void should_refuse_to_record_into_a_full_memory_without_eviction_and_keep_guarding_with_what_it_holds() {
    WorkingMemory full = WorkingMemory.builder(embedder).capacity(1).eviction(dev.memloop.memory.Eviction.NONE).build();
    LoopGuard guard = LoopGuard.over(full, embedder, 0.99, null);
    assertThat(guard.after("block ip 10.0.0.1")).isEqualTo(MemoryOutcome.STORED);
    assertThat(guard.after("page on-call")).as("refused, as a value").isEqualTo(MemoryOutcome.REFUSED);
    assertThat(full.size()).isEqualTo(1);
    assertThat(guard.counters().recorded()).as("the refused one is not counted").isEqualTo(1);
    assertThat(guard.before("block address 10.0.0.1").outcome()).isEqualTo(GuardOutcome.HIT);
  }

  @Test
  void should_refuse_bad_input_naming_it() {
    WorkingMemory memory = WorkingMemory.builder(embedder).build();
    assertThatThrownBy(() -> LoopGuard.over(memory, embedder, 1.01, null))
        .hasMessageContaining("guard threshold must be in [0, 1]: 1.01");
    assertThatThrownBy(() -> LoopGuard.over(memory, embedder, -0.5, null))
        .hasMessageContaining("guard threshold must be in [0, 1]: -0.5 (below 0 a match is an unrelated line)");
    assertThatThrownBy(() -> LoopGuard.over(memory, embedder, 0.9, Duration.ZERO))
        .hasMessageContaining("budget must be > 0 or null (unlimited): 0s");
    LoopGuard guard = LoopGuard.over(memory, embedder, 0.9, null);
    assertThatThrownBy(() -> guard.before("")).hasMessageContaining("action must not be null or blank: ''");
    assertThatThrownBy(() -> guard.after((String) null)).hasMessageContaining("action must not be null or blank: null");
    assertThat(memory.size()).isZero();
    assertThat(guard.counters().checks()).isZero();
  }
}
