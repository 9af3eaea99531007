package dev.memloop.runtime.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memloop.memory.embed.HashingEmbedder;
import dev.memloop.memory.timing.ManualDelayTimer;
import dev.memloop.runtime.GuardOutcome;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** The paper's budget arithmetic (§5.1, §6.1), run through the real guard on a clock moved by hand. */
class LatencyBudgetTest {

  /** A store whose every lookup takes its injected delay plus {@code opMicros} of work, on the manual clock. */
  static final class TimedAccess implements MemoryAccess {
    final ManualDelayTimer clock;
    final long delayNanos;
    final long opNanos;

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
    public void match(float[] vector, double threshold, long timeoutNanos, Callback callback) {
      clock.advance(Duration.ofNanos(opNanos + delayNanos));
      callback.done(null, false, opNanos, delayNanos);
    }

    @Override
    public void add(String line, float[] vector) {
      clock.advance(Duration.ofNanos(opNanos)); // writes take time too, but are never charged
    }

    @Override
    public void close() {}
  }

  /** Guarded steps of one turn of {@code steps} at budget {@code budgetMs} and injected delay {@code delayMs}. */
  static int affordedInOneTurn(long budgetMs, double delayMs, int steps) {
    ManualDelayTimer clock = new ManualDelayTimer();
    TimedAccess access = new TimedAccess(clock, (long) (delayMs * 1e6), 20_000); // a 20 us store op
    LatencyBudget budget = new LatencyBudget(Duration.ofMillis(budgetMs).toNanos(), 3);
    InLoopGuard guard = new InLoopGuard(new HashingEmbedder(32), access, budget, 0.99, Long.MAX_VALUE, clock);
    budget.startTurn();
    List<GuardOutcome> outcomes = new ArrayList<>();
    for (int i = 0; i < steps; i++) {
      guard.check("investigate host=web-" + i + " sig=port-scan", v -> outcomes.add(v.outcome()));
      guard.remember("investigate host=web-" + i + " sig=port-scan");
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
    assertThat(budget.estimate(30_000_000)).as("upper median of 20 and 40 us").isEqualTo(30_000_000 + 3 * 40_000 + 1_000_000);
    assertThat(budget.remainingNanos()).isEqualTo(100_000_000 - 60_060_000);
    budget.startTurn();
    assertThat(budget.remainingNanos()).isEqualTo(100_000_000);
  }

  @Test
  void should_not_let_one_stalled_lookup_price_out_every_later_one() {
    LatencyBudget budget = new LatencyBudget(Duration.ofMillis(100).toNanos(), 3);
    budget.spend(20_000, 0);
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
    assertThatThrownBy(() -> new InLoopGuard(new HashingEmbedder(8), null, new LatencyBudget(5, 1), 1.5, 1, () -> 0))
        .hasMessageContaining("threshold must be in [-1, 1]: 1.5");
  }
}
