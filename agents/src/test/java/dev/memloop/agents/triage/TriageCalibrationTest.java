package dev.memloop.agents.triage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memloop.memory.embed.HashingEmbedder;
import dev.memloop.workloads.alerts.AlertWorkloadSpec;
import org.junit.jupiter.api.Test;

class TriageCalibrationTest {

  static final HashingEmbedder EMBEDDER = new HashingEmbedder(256);

  @Test
  void should_choose_a_threshold_above_every_impostor_on_held_out_workloads() {
    CalibrationResult result = TriageCalibration.calibrate(EMBEDDER, AlertWorkloadSpec.DEFAULT);
    assertThat(result.workloads()).isEqualTo(20);
    assertThat(result.positives()).isEqualTo(20 * 12);
    assertThat(result.negatives()).isEqualTo(20 * 11); // the first alert of a workload has nothing to match
    assertThat(result.f1()).isEqualTo(1.0);
    assertThat(result.threshold()).isGreaterThan(result.worstImpostor()).isLessThanOrEqualTo(0.999);
    assertThat(result.weakestDuplicate()).isGreaterThanOrEqualTo(result.threshold());
    // every threshold above the worst impostor ties at F1 = 1: ties go to the higher threshold
    assertThat(result.threshold()).isEqualTo(0.999);
  }

  @Test
  void should_show_that_template_wording_dominates_raw_prose() {
    CalibrationResult.ProseFinding prose = TriageCalibration.calibrate(EMBEDDER, AlertWorkloadSpec.DEFAULT).prose();
    assertThat(prose.sameTemplateOtherIncidentMax()).isGreaterThan(prose.rewordingMedian());
    assertThat(prose.bestF1()).isLessThan(0.9);
  }

  @Test
  void should_memoize_the_threshold_per_embedder() {
    assertThat(TriageCalibration.threshold(EMBEDDER))
        .isEqualTo(TriageCalibration.calibrate(EMBEDDER, AlertWorkloadSpec.DEFAULT).threshold());
  }

  @Test
  void should_refuse_held_out_seeds_for_experiments() {
    assertThatThrownBy(() -> TriageWorkloads.checkNotHeldOut(TriageWorkloads.HELD_OUT_FIRST + 3))
        .hasMessageContaining("seed 1000000003 is held out for guard calibration");
    assertThat(TriageWorkloads.checkNotHeldOut(42)).isEqualTo(42);
  }
}
