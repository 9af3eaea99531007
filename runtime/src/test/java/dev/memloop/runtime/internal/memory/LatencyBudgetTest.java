package dev.memloop.runtime.internal.memory;

import dev.memloop.runtime.policy.LatencyBudget;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memloop.memory.MemoryQuery;
import dev.memloop.memory.Recall;
import dev.memloop.memory.embed.HashingEmbedder;
import dev.memloop.memory.testing.SteadyAllocation;
import dev.memloop.memory.timing.ManualDelayTimer;
import dev.memloop.runtime.step.GuardOutcome;
import dev.memloop.runtime.step.MemoryOutcome;
import dev.memloop.runtime.step.MemoryPath;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The paper's budget arithmetic (§5.1, §6.1), run through the real guard on a clock moved by hand. */
class LatencyBudgetTest {

  /** A store whose every lookup takes its injected delay plus {@code opMicros} of work, on the manual clock. */
  static final class TimedAccess implements MemoryAccess {
    final ManualDelayTimer clock;
    final long delayNanos;
    final long opNanos;
    long stallNanos; // added to the next stalledLookups lookups: a collection pause, a descheduled thread
    int stalledLookups = 1;

    TimedAccess(ManualDelayTimer clock, long delayNanos, long opNanos) {
      this.clock = clock;
      this.delayNanos = delayNanos;
      this.opNanos = opNanos;
    }

    @Override
    public long injectedDelayNanos() {
      return delayNanos;
    }

    @Override
    public MemoryPath readPath() {
      return MemoryPath.STORE;
    }

    @Override
    public MemoryPath writePath() {
      return MemoryPath.STORE;
    }

    @Override
    public void search(MemoryQuery query, long timeoutNanos, Answer<List<Recall>> answer) {
      clock.advance(Duration.ofNanos(opNanos + delayNanos + stallNanos));
      if (--stalledLookups <= 0) {
        stallNanos = 0;
      }
      answer.done(List.of(), false, opNanos, delayNanos);
    }

    @Override
    public void add(String line, float[] vector, Map<String, Object> metadata, Stored stored) {
      clock.advance(Duration.ofNanos(opNanos)); // writes take time too, but are never charged
      stored.done(MemoryOutcome.STORED, "id", opNanos, 0);
    }

    @Override
    public void close() {}
  }

  /** Guarded steps of one turn of {@code steps} at budget {@code budgetMs} and injected delay {@code delayMs}. */
  static int affordedInOneTurn(long budgetMs, double delayMs, int steps) {
    ManualDelayTimer clock = new ManualDelayTimer();
    TimedAccess access = new TimedAccess(clock, (long) (delayMs * 1e6), 20_000); // a 20 us store op
    LatencyBudget budget = new LatencyBudget(Duration.ofMillis(budgetMs).toNanos(), 3);
    ChargedReads reads = new ChargedReads(new HashingEmbedder(32), access, budget, Long.MAX_VALUE, clock);
    budget.startTurn();
    List<GuardOutcome> outcomes = new ArrayList<>();
    for (int i = 0; i < steps; i++) {
      reads.guard(key("investigate host=web-" + i + " sig=port-scan"), 0.99, v -> outcomes.add(v.outcome()));
    }
    return (int) outcomes.stream().filter(GuardOutcome::afforded).count();
  }

  @ParameterizedTest(name = "B = {0} ms, +{1} ms: {3} of {2} lookups")
  @CsvSource({
      "100, 0,   20, 20", // in process: every lookup
      "100, 1,   20, 20",
      "100, 5,   20, 19", // paper §6.1: 5 ms affords 19
      "100, 30,  20, 3",  // 30 ms affords 3
      "100, 110, 20, 0",  // 110 ms: not one lookup fits
      "150, 110, 20, 1",
      "250, 110, 20, 2",
      "500, 110, 20, 4",
      "25, 5,    20, 4",
      "400, 30,  20, 13"})
  void should_afford_lookups_as_the_paper_computes(long budgetMs, double delayMs, int steps, int afforded) {
    assertThat(affordedInOneTurn(budgetMs, delayMs, steps)).isEqualTo(afforded);
  }

  @Test
  void should_estimate_the_delay_plus_a_pad_of_measured_ops_plus_one_millisecond() {
    LatencyBudget budget = new LatencyBudget(Duration.ofMillis(100).toNanos(), 3);
    assertThat(budget.estimate(30_000_000)).as("nothing measured yet").isEqualTo(31_000_000);
    budget.spend(30_040_000, 30_000_000); // 40 us of own work
    budget.spend(30_020_000, 30_000_000); // 20 us
    assertThat(budget.remainingNanos()).isEqualTo(100_000_000 - 60_060_000);
    assertThat(budget.estimate(30_000_000)).as("the prior's zeros are still the majority").isEqualTo(31_000_000);
    for (int i = 0; i < 3; i++) { // a full window of measured lookups: four of 40 us, four of 20 us
      budget.spend(30_040_000, 30_000_000);
      budget.spend(30_020_000, 30_000_000);
    }
    assertThat(budget.estimate(30_000_000)).as("upper median of 20 and 40 us").isEqualTo(30_000_000 + 3 * 40_000 + 1_000_000);
    budget.startTurn();
    assertThat(budget.remainingNanos()).isEqualTo(100_000_000);
  }

  @Test
  void should_not_let_one_stalled_lookup_price_out_every_later_one() {
    LatencyBudget budget = new LatencyBudget(Duration.ofMillis(100).toNanos(), 3);
    for (int i = 0; i < LatencyBudget.RECENT; i++) {
      budget.spend(20_000, 0);
    }
    budget.spend(Duration.ofMillis(40).toNanos(), 0); // a collection pause inside the lookup
    budget.spend(20_000, 0);
    budget.startTurn();
    assertThat(budget.estimate(0)).isEqualTo(3 * 20_000 + 1_000_000);
    assertThat(budget.affords(0)).isTrue();
    for (int i = 0; i < 20; i++) {
      budget.spend(30_000, 0); // the stall scrolls out of the recent ops
    }
    assertThat(budget.estimate(0)).isEqualTo(3 * 30_000 + 1_000_000);
  }

  /** The guard outcomes of one turn of {@code steps} lookups through {@code reads}. */
  static List<GuardCheckResult> turn(ChargedReads reads, int steps) {
    reads.budget().startTurn();
    List<GuardCheckResult> checks = new ArrayList<>();
    for (int i = 0; i < steps; i++) {
      reads.guard(key("investigate host=web-" + i + " sig=port-scan"), 0.99,
          v -> checks.add(new GuardCheckResult(v.outcome(), v.cost().chargedNanos())));
    }
    return checks;
  }

  record GuardCheckResult(GuardOutcome outcome, long chargedNanos) {}

  @Test
  void should_keep_guarding_after_a_stall_in_the_first_lookup_where_it_was_locked_out_for_good() {
    ManualDelayTimer clock = new ManualDelayTimer();
    TimedAccess access = new TimedAccess(clock, 0, 20_000); // in process: 20 us lookups
    access.stallNanos = Duration.ofMillis(40).toNanos(); // ... but the very first one is caught by a 40 ms pause
    LatencyBudget budget = new LatencyBudget(Duration.ofMillis(100).toNanos(), 3);
    ChargedReads reads = new ChargedReads(new HashingEmbedder(32), access, budget, Long.MAX_VALUE, clock);

    // until this change: 1 guarded, 19 unaffordable, and every later turn 20 of 20 unaffordable (3 x 40 ms > 100 ms)
    for (int t = 0; t < 3; t++) {
      assertThat(turn(reads, 20)).as("turn " + t + ": one stall is never the median").allSatisfy(c ->
          assertThat(c.outcome()).isEqualTo(GuardOutcome.MISS));
    }
  }

  @Test
  void should_guard_again_within_a_bounded_number_of_lookups_after_a_burst_of_stalls() {
    ManualDelayTimer clock = new ManualDelayTimer();
    TimedAccess access = new TimedAccess(clock, 0, 20_000);
    access.stallNanos = Duration.ofMillis(30).toNanos();
    access.stalledLookups = LatencyBudget.RECENT; // a whole window of stalled lookups: now they are the median
    LatencyBudget budget = new LatencyBudget(Duration.ofMillis(100).toNanos(), 3);
    ChargedReads reads = new ChargedReads(new HashingEmbedder(32), access, budget, Long.MAX_VALUE, clock);
    List<List<GuardCheckResult>> turns = new ArrayList<>();
    for (int t = 0; t < 6; t++) {
      turns.add(turn(reads, 20));
    }
    long unaffordable = turns.stream().flatMap(List::stream).filter(c -> c.outcome() == GuardOutcome.UNAFFORDABLE)
        .count();
    assertThat(unaffordable).as("the stalls priced lookups out for a while").isPositive();
    assertThat(budget.forgottenSamples()).as("and were forgotten").isPositive();
    assertThat(turns.get(turns.size() - 1)).as("the last turn guards every step again").allSatisfy(c ->
        assertThat(c.outcome()).isEqualTo(GuardOutcome.MISS));
  }

  @Test
  void should_keep_a_truly_slow_store_within_the_budget_while_measuring_it_again_each_turn() {
    ManualDelayTimer clock = new ManualDelayTimer();
    TimedAccess access = new TimedAccess(clock, 0, Duration.ofMillis(40).toNanos()); // every lookup takes 40 ms
    long budgetNanos = Duration.ofMillis(100).toNanos();
    LatencyBudget budget = new LatencyBudget(budgetNanos, 3);
    ChargedReads reads = new ChargedReads(new HashingEmbedder(32), access, budget, Long.MAX_VALUE, clock);
    for (int t = 0; t < 5; t++) {
      List<GuardCheckResult> checks = turn(reads, 20);
      long charged = checks.stream().mapToLong(GuardCheckResult::chargedNanos).sum();
      long guarded = checks.stream().filter(c -> c.outcome().afforded()).count();
      // the prior's price: while its zeros are the majority (the agent's first lookups), one lookup may overrun
      long allowed = t == 0 ? budgetNanos + access.opNanos : budgetNanos;
      assertThat(charged).as("turn " + t + ": forgetting never lets a turn overspend").isLessThanOrEqualTo(allowed);
      assertThat(guarded).as("turn " + t + ": the store is measured again").isBetween(1L, 3L);
    }
  }

  @Test
  void should_forget_nothing_when_the_turn_budget_itself_is_spent() {
    LatencyBudget budget = new LatencyBudget(Duration.ofMillis(5).toNanos(), 3);
    for (int i = 0; i < LatencyBudget.RECENT; i++) {
      budget.spend(Duration.ofMillis(4).toNanos() / LatencyBudget.RECENT, 0); // a window of 0.5 ms samples...
    }
    budget.spend(Duration.ofMillis(1).toNanos() / 2, 0); // ... and 0.5 ms left, under the 1 ms margin
    for (int i = 0; i < 10 * LatencyBudget.FORGET_AFTER; i++) {
      assertThat(budget.reserve(0)).isEqualTo(LatencyBudget.UNAFFORDABLE);
    }
    assertThat(budget.forgottenSamples()).as("the delay and margin alone do not fit: no evidence against the pad")
        .isZero();
    assertThat(budget.medianOp()).isEqualTo(Duration.ofMillis(1).toNanos() / 2);
  }

  @Test
  void should_take_the_nearest_rank_median_of_the_recent_window_ties_and_scrolling_included() {
    java.util.Random random = new java.util.Random(29);
    for (int run = 0; run < 200; run++) {
      LatencyBudget budget = new LatencyBudget(Long.MAX_VALUE, 3);
      List<Long> window = new ArrayList<>(List.of(0L, 0L, 0L, 0L)); // the prior: PRIOR zeros
      assertThat(LatencyBudget.PRIOR).isEqualTo(window.size());
      for (int lookup = 0; lookup < 20; lookup++) {
        long cost = random.nextInt(4) * 1_000L; // few values: ties are common
        budget.spend(cost, 0);
        if (window.size() == LatencyBudget.RECENT) {
          window.remove(0);
        }
        window.add(cost);
        long[] samples = window.stream().mapToLong(Long::longValue).toArray();
        assertThat(budget.medianOp()).as("run %d, window %s", run, window)
            .isEqualTo(dev.memloop.memory.timing.NearestRank.of(samples, 0.5));
      }
    }
  }

  @Test
  void should_saturate_instead_of_overflowing_for_huge_delays_and_costs() {
    LatencyBudget budget = new LatencyBudget(Duration.ofMillis(100).toNanos(), 3);
    assertThat(budget.estimate(Long.MAX_VALUE)).isEqualTo(Long.MAX_VALUE);
    assertThat(budget.reserve(Long.MAX_VALUE)).as("--rtt 1e12d").isEqualTo(LatencyBudget.UNAFFORDABLE);
    for (int i = 0; i < LatencyBudget.RECENT; i++) {
      budget.spend(Long.MAX_VALUE / 2, 0);
    }
    assertThat(budget.estimate(0)).as("3 x a huge pad").isEqualTo(Long.MAX_VALUE);
    assertThat(budget.affords(0)).isFalse();
  }

  @Test
  void should_estimate_without_allocating() {
    LatencyBudget budget = new LatencyBudget(Duration.ofMillis(100).toNanos(), 3);
    for (int i = 0; i < LatencyBudget.RECENT; i++) {
      budget.spend(20_000 + 1_000 * (i % 3), 0);
    }
    long[] sink = new long[1];
    int[] at = new int[1];
    SteadyAllocation allocation = SteadyAllocation.measure(() -> sink[0] += budget.estimate(at[0]++), 200_000,
        10_000, 10, 0);
    assertThat(sink[0]).isPositive();
    assertThat(allocation.bytesPerCall()).as("bytes per estimate, " + allocation).isZero();
  }

  @Test
  void should_afford_two_overlapping_lookups_only_if_the_budget_covers_both_estimates() {
    LatencyBudget budget = new LatencyBudget(Duration.ofMillis(70).toNanos(), 3);
    long first = budget.reserve(Duration.ofMillis(30).toNanos()); // 31 ms: afforded, 39 ms left
    long second = budget.reserve(Duration.ofMillis(30).toNanos()); // 31 ms: afforded, 8 ms left
    assertThat(first).isEqualTo(31_000_000);
    assertThat(second).isEqualTo(31_000_000);
    assertThat(budget.reserve(Duration.ofMillis(30).toNanos())).as("a third would overspend")
        .isEqualTo(LatencyBudget.UNAFFORDABLE);
    budget.settle(first, 30_050_000, 30_000_000);
    budget.settle(second, 30_050_000, 30_000_000);
    assertThat(budget.remainingNanos()).as("charged their true costs").isEqualTo(70_000_000 - 2 * 30_050_000);
  }

  @Test
  void should_afford_everything_without_a_limit() {
    LatencyBudget unlimited = new LatencyBudget(Long.MAX_VALUE, 3);
    unlimited.spend(Duration.ofHours(1).toNanos(), 0);
    assertThat(unlimited.affords(Duration.ofHours(2).toNanos())).isTrue();
    assertThat(unlimited.spentNanos()).isZero();
  }

  @Test
  void should_reject_bad_budgets_naming_the_value() {
    assertThatThrownBy(() -> new LatencyBudget(0, 3)).hasMessageContaining("budget must be > 0 ns: 0");
    assertThatThrownBy(() -> new LatencyBudget(5, -1)).hasMessageContaining("padOps must be >= 0: -1");
    assertThatThrownBy(() -> new ChargedReads(new HashingEmbedder(8), null, new LatencyBudget(5, 1), 1, () -> 0))
        .hasMessageContaining("charged reads need an embedder, an access, a budget and a ticker");
    assertThatThrownBy(() -> new LatencyBudget(5, 1).settle(LatencyBudget.UNAFFORDABLE, 1, 0))
        .hasMessageContaining("nothing was reserved for this lookup: -1");
  }

  private static dev.memloop.runtime.internal.identity.GuardKey key(String line) {
    return dev.memloop.runtime.internal.identity.GuardKeys.ofLine(line,
        dev.memloop.runtime.identity.IdentifierExtractor.standard());
  }
}
