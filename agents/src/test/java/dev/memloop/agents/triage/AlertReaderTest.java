package dev.memloop.agents.triage;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memloop.workloads.alerts.AlertWorkload;
import dev.memloop.workloads.alerts.AlertWorkloadSpec;
import dev.memloop.workloads.alerts.AlertWorkloads;
import org.junit.jupiter.api.Test;

class AlertReaderTest {

  @Test
  void should_read_every_alert_s_incident_from_its_prose() {
    for (long seed = 0; seed < 100; seed++) {
      AlertWorkload w = AlertWorkloads.generate(AlertWorkloadSpec.DEFAULT, seed);
      for (int i = 0; i < w.alerts().size(); i++) {
        assertThat(AlertReader.actionLine(w.alerts().get(i).text())).hasValue(w.truths().get(i).actionLine());
      }
    }
  }

  @Test
  void should_read_nothing_from_prose_without_a_known_host_or_signature() {
    assertThat(AlertReader.actionLine("a quiet night, nothing to report")).isEmpty();
    assertThat(AlertReader.actionLine("web-03 had a TCP port scan and an SSH brute-force attempt")).isEmpty();
    assertThat(AlertReader.actionLine("web-03 had a TCP port scan")).hasValue("investigate host=web-03 sig=port-scan");
    assertThat(AlertReader.actionLine(null)).isEmpty();
  }
}
