package dev.memloop.bench.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.memloop.memory.embed.HashingEmbedder;
import dev.memloop.workloads.actions.ActionStreamSpec;
import dev.memloop.workloads.actions.ActionStreams;
import dev.memloop.workloads.actions.CandidateAction;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The experiments' arithmetic on inputs whose answers are known. */
class ExperimentArithmeticTest {

  @Test
  void should_give_the_smallest_attainable_p_for_two_fully_separated_arms_of_five() {
    assertThat(PermutationTest.pValue(new double[] {0, 0, 0, 0, 0}, new double[] {6, 7, 8, 7, 9}))
        .isCloseTo(2.0 / 252, within(1e-12));
    assertThat(PermutationTest.pValue(new double[] {1, 2, 3, 4, 5}, new double[] {1, 2, 3, 4, 5})).isEqualTo(1.0);
    // one overlap: the observed split and its mirror plus the splits at least as extreme
    assertThat(PermutationTest.pValue(new double[] {0, 0, 0, 0, 5}, new double[] {4, 6, 7, 8, 9}))
        .isGreaterThan(2.0 / 252).isLessThan(0.05);
    assertThatThrownBy(() -> PermutationTest.pValue(new double[0], new double[] {1}))
        .hasMessageContaining("arms must have 1..23 values and at most 24 together: 0 + 1");
  }

  @Test
  void should_afford_floor_of_budget_over_cost_capped_at_twenty() {
    long op = 17_500; // the paper's measured in-process op
    assertThat(LoopGuardMechanism.afforded(100_000_000, op)).isEqualTo(20);
    assertThat(LoopGuardMechanism.afforded(100_000_000, op + 1_000_000)).isEqualTo(20);
    assertThat(LoopGuardMechanism.afforded(100_000_000, op + 5_000_000)).isEqualTo(19);
    assertThat(LoopGuardMechanism.afforded(100_000_000, op + 30_000_000)).isEqualTo(3);
    assertThat(LoopGuardMechanism.afforded(100_000_000, op + 110_000_000)).isZero();
    assertThat(LoopGuardMechanism.afforded(400_000_000, op + 110_000_000)).isEqualTo(3);
    assertThatThrownBy(() -> LoopGuardMechanism.afforded(1, 0)).hasMessageContaining("a lookup costs > 0 ns: 0");
  }

  @Test
  void should_execute_every_duplicate_unguarded_and_none_fully_guarded() {
    List<CandidateAction> turn = ActionStreams.generate(new ActionStreamSpec(1, 20, 10), 7).actions();
    HashingEmbedder embedder = new HashingEmbedder(256);
    assertThat(LoopGuardMechanism.redundantExecuted(embedder, turn, 0)).isEqualTo(10);
    assertThat(LoopGuardMechanism.redundantExecuted(embedder, turn, 20)).isZero();
    int guardedFirstHalf = LoopGuardMechanism.redundantExecuted(embedder, turn, 10);
    long duplicatesInSecondHalf = turn.subList(10, 20).stream().filter(CandidateAction::isDuplicate).count();
    assertThat(guardedFirstHalf).isEqualTo((int) duplicatesInSecondHalf);
  }

  @Test
  void should_price_the_frontier_and_the_amplification_as_the_paper_does() {
    assertThat(FeasibilityFrontier.fMax(0.1, 1, 116e-6)).isCloseTo(957.9, within(0.1));
    assertThat(FeasibilityFrontier.fMax(0.1, 1, 0.202)).isCloseTo(0.55, within(0.005));
    assertThat(FeasibilityFrontier.fMax(0.1, 1, 0.312)).isCloseTo(0.356, within(0.001));
    assertThatThrownBy(() -> FeasibilityFrontier.fMax(1, 1, 1)).hasMessageContaining("need 0 < beta < 1");
    assertThat(Amplification.amplification(20, 1, 0.110)).isCloseTo(1.10, within(0.005));
    assertThat(Amplification.amplification(20, 1, 0)).isEqualTo(1.0);
    assertThatThrownBy(() -> Amplification.amplification(0, 1, 1)).hasMessageContaining("need S > 0");
  }

  @Test
  void should_reproduce_table_two_s_ratios_from_the_paper_s_store_op() {
    List<RetrievalTax.Row> rows = RetrievalTax.rows(85_000);
    assertThat(rows.get(0).perStepNanos()).isEqualTo(1_700_000);
    assertThat(rows.get(1).perStepNanos()).isEqualTo(21_700_000);
    assertThat(rows.get(1).vsInProcess()).isCloseTo(12.8, within(0.1));
    assertThat(rows.get(4).vsInProcess()).isCloseTo(1_295, within(5.0));
  }

  @Test
  void should_fail_the_windowed_baseline_exactly_where_the_facts_outspan_the_window() {
    List<WindowFactsSweep.Cell> cells = WindowFactsSweep.sweep(new HashingEmbedder(256));
    assertThat(cells).hasSize(3 * 5 * 8);
    assertThat(cells).allSatisfy(c -> {
      assertThat(c.baseline()).as(c.toString()).isEqualTo(c.facts() <= c.window());
      assertThat(c.memory()).as(c.toString()).isTrue();
    });
  }

  @Test
  void should_select_experiments_in_the_paper_s_order_and_refuse_unknown_ones() {
    assertThat(Experiments.select(List.of("fig7", "fig5"))).extracting(Experiment::id).containsExactly("fig5", "fig7");
    assertThat(Experiments.select(null)).hasSize(Experiments.all().size());
    assertThatThrownBy(() -> Experiments.select(List.of("fig9"))).hasMessageContaining("no experiment 'fig9'; choose from");
  }
}
