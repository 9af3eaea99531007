package dev.memloop.agents.triage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memloop.runtime.step.ActionRun;
import dev.memloop.runtime.step.ActionStatus;
import dev.memloop.runtime.step.Decision;
import dev.memloop.runtime.step.GuardCheck;
import dev.memloop.runtime.step.GuardOutcome;
import dev.memloop.runtime.step.ReadCost;
import dev.memloop.runtime.step.MemoryOutcome;
import dev.memloop.runtime.step.PatternMarks;
import dev.memloop.runtime.step.StepRecord;
import dev.memloop.runtime.step.TurnResult;
import dev.memloop.workloads.alerts.Alert;
import dev.memloop.workloads.alerts.AlertTruth;
import dev.memloop.workloads.alerts.AlertWorkload;
import dev.memloop.workloads.alerts.AlertWorkloadSpec;
import dev.memloop.workloads.alerts.AlertWorkloads;
import dev.memloop.workloads.alerts.OriginPlacement;
import java.util.List;
import org.junit.jupiter.api.Test;

class TriageScorerTest {

  /** a1 new (A), a2 duplicate of a1, a3 new (B), a4 duplicate of a1. */
  static final AlertWorkload WORKLOAD = new AlertWorkload(new AlertWorkloadSpec(1, 4, 2, OriginPlacement.ANY_EARLIER), 5,
      List.of(new Alert("a1", 0, "t1"), new Alert("a2", 0, "t2"), new Alert("a3", 0, "t3"), new Alert("a4", 0, "t4")),
      List.of(new AlertTruth("web-01", "port-scan", -1, 0), new AlertTruth("web-01", "port-scan", 0, 1),
          new AlertTruth("db-02", "sql-injection", -1, 2), new AlertTruth("web-01", "port-scan", 0, 3)));

  static StepRecord step(String alert, Decision.Kind kind, Decision.Recognition recognition, GuardOutcome guard,
      boolean executed) {
    return new StepRecord("agent", 0, 0, alert, new Decision(kind, "line", recognition),
        new GuardCheck(guard, null, Double.NaN, ReadCost.ZERO),
        executed ? new ActionRun(ActionStatus.DONE, 1, null, null, 0) : ActionRun.NOT_RUN,
        executed ? MemoryOutcome.STORED : null, List.of(), PatternMarks.NONE, 0);
  }

  @Test
  void should_count_redundancy_recognitions_and_guard_errors_from_the_executed_set() {
    TurnResult turn = new TurnResult("agent", 0, List.of(
        step("a1", Decision.Kind.ACT, Decision.Recognition.NONE, GuardOutcome.MISS, true),
        step("a2", Decision.Kind.ACT, Decision.Recognition.NONE, GuardOutcome.MISS, true), // missed: redundant
        step("a3", Decision.Kind.ACT, Decision.Recognition.NONE, GuardOutcome.HIT, false), // blocked new work
        step("a4", Decision.Kind.SKIP, Decision.Recognition.WINDOW, GuardOutcome.NOT_APPLICABLE, false)),
        100, 10, false, null, 0, 0, 0);
    TriageScore score = TriageScorer.score(WORKLOAD, 5, List.of(turn));
    assertThat(score.executed()).isEqualTo(2);
    assertThat(score.redundant()).isEqualTo(1);
    assertThat(score.modelRecognized()).isEqualTo(1);
    assertThat(score.falseSkips()).isZero();
    assertThat(score.lookups()).isEqualTo(3);
    assertThat(score.guardBlocks()).isEqualTo(1);
    assertThat(score.guardBlockedNew()).isEqualTo(1);
    assertThat(score.guardCaught()).isZero();
    assertThat(score.guardMissed()).isEqualTo(1);
    assertThat(score.guardPrecision()).isZero();
    assertThat(score.guardRecall()).isZero();
  }

  @Test
  void should_grade_a_generated_stream_from_its_truths_as_from_the_whole_workload() {
    AlertWorkload workload = AlertWorkloads.generate(AlertWorkloadSpec.DEFAULT, 77);
    // every alert acted on, the guard missing each: every duplicate after its original is redundant
    List<StepRecord> steps = new java.util.ArrayList<>();
    for (Alert alert : workload.alerts()) {
      steps.add(step(alert.id(), Decision.Kind.ACT, Decision.Recognition.NONE, GuardOutcome.MISS, true));
    }
    TurnResult turn = new TurnResult("agent", 0, steps, 100, 10, false, null, 0, 0, 0);
    TriageScorer.Tally fromTruths = TriageScorer.tally(AlertWorkloadSpec.DEFAULT, 77);
    fromTruths.add(turn);
    TriageScore score = fromTruths.score();
    assertThat(score).isEqualTo(TriageScorer.score(workload, 77, List.of(turn)));
    assertThat(score.redundant()).isEqualTo(12);
    assertThat(score.guardMissed()).isEqualTo(12);
    assertThat(score.duplicates()).isEqualTo(12);
  }

  @Test
  void should_leave_precision_undefined_without_blocks_and_count_false_skips() {
    TurnResult turn = new TurnResult("agent", 0, List.of(
        step("a1", Decision.Kind.SKIP, Decision.Recognition.NONE, GuardOutcome.NOT_APPLICABLE, false)),
        100, 0, false, null, 0, 0, 0);
    TriageScore score = TriageScorer.score(WORKLOAD, 5, List.of(turn));
    assertThat(score.falseSkips()).isEqualTo(1);
    assertThat(score.guardPrecision()).isNaN();
    assertThat(score.guardRecall()).isNaN();
  }

  @Test
  void should_summarize_a_group_the_paper_s_way_and_refuse_an_empty_one() {
    TriageScore a = new TriageScore("g-0", 1, 24, 12, 12, 0, 5, 0, 19, 0, 0, 7, 7, 0, 0, 1.0, 1.0, false);
    TriageScore b = new TriageScore("g-1", 2, 24, 12, 14, 2, 5, 0, 10, 9, 0, 3, 2, 1, 1, 2 / 3.0, 2 / 3.0, false);
    TriageSummary summary = TriageSummary.of("g", java.util.List.of(a, b));
    assertThat(summary.redundantMean()).isEqualTo(1.0);
    assertThat(summary.redundantMin()).isZero();
    assertThat(summary.redundantMax()).isEqualTo(2);
    assertThat(summary.precision()).as("pooled, not averaged").isEqualTo(9 / 10.0);
    assertThat(summary.recall()).isEqualTo(9 / 10.0);
    assertThat(summary.blockedNew()).isEqualTo(1);
    assertThatThrownBy(() -> TriageSummary.of("empty", java.util.List.of())).hasMessageContaining("group empty has no scores");
  }

  @Test
  void should_refuse_steps_of_another_workload() {
    TurnResult turn = new TurnResult("agent", 0, List.of(
        step("zz", Decision.Kind.ACT, Decision.Recognition.NONE, GuardOutcome.MISS, true)), 100, 0, false, null, 0, 0, 0);
    assertThatThrownBy(() -> TriageScorer.score(WORKLOAD, 5, List.of(turn)))
        .hasMessageContaining("step zz of agent is not an alert of workload seed 5");
  }
}
