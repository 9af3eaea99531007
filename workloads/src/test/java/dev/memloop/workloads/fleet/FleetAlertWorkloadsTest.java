package dev.memloop.workloads.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.memloop.workloads.alerts.AlertTruth;
import dev.memloop.workloads.alerts.AlertWorkload;
import dev.memloop.workloads.alerts.SignatureCatalog;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FleetAlertWorkloadsTest {

  @Test
  void should_give_the_same_fleet_for_the_same_spec_and_seed() {
    FleetAlertWorkload a = FleetAlertWorkloads.generate(FleetAlertSpec.of(20), 3);
    assertEquals(a.fingerprint(), FleetAlertWorkloads.generate(FleetAlertSpec.of(20), 3).fingerprint());
    assertNotEquals(a.fingerprint(), FleetAlertWorkloads.generate(FleetAlertSpec.of(20), 4).fingerprint());
  }

  @Test
  void should_send_incidents_to_several_agents_and_again_to_the_same_one() {
    FleetAlertSpec spec = FleetAlertSpec.of(200);
    FleetAlertWorkload fleet = FleetAlertWorkloads.generate(spec, 11);
    Map<String, Integer> firstTurnOf = new HashMap<>();
    Map<String, Integer> firstAgentOf = new HashMap<>();
    Set<String> newIncidents = new HashSet<>();
    for (int turn = 0; turn < spec.turns(); turn++) {
      for (int a = 0; a < spec.agents(); a++) {
        AlertWorkload own = fleet.agents().get(a);
        Set<String> seenBefore = new HashSet<>();
        for (int i = 0; i < turn * spec.alertsPerTurn(); i++) {
          seenBefore.add(own.truths().get(i).actionLine());
        }
        for (int i = turn * spec.alertsPerTurn(); i < (turn + 1) * spec.alertsPerTurn(); i++) {
          AlertTruth t = own.truths().get(i);
          String incident = t.actionLine();
          assertEquals(t.host(), SignatureCatalog.hostIn(own.alerts().get(i).text()).orElseThrow());
          if (t.isDuplicate()) {
            assertEquals(own.truths().get(t.duplicateOf()).actionLine(), incident);
            assertTrue(t.duplicateOf() < i);
          } else if (fleet.crossDuplicate(a, i)) {
            assertTrue(firstTurnOf.get(incident) < turn, "a cross duplicate comes from an earlier turn");
            assertNotEquals(a, (int) firstAgentOf.get(incident));
            assertFalse(seenBefore.contains(incident));
          } else {
            assertTrue(newIncidents.add(incident), "new incidents are new to the fleet: " + incident);
            firstTurnOf.put(incident, turn);
            firstAgentOf.put(incident, a);
          }
          seenBefore.add(incident);
        }
      }
    }
    int alerts = spec.agents() * spec.alertsPerAgent();
    double own = (double) fleet.ownDuplicates() / alerts;
    double cross = (double) fleet.crossDuplicates() / alerts;
    assertTrue(own > 0.2 && own < 0.3, "own share " + own);
    assertTrue(cross > 0.15 && cross < 0.25, "cross share " + cross + " (none is possible in the first turn)");
    assertEquals(newIncidents.size(), fleet.incidents());
  }

  @Test
  void should_reject_bad_specs_naming_the_value() {
    assertMessage("agents must be in [1, 100000]: 0", () -> new FleetAlertSpec(0, 4, 6, 0.25, 0.25));
    assertMessage("turns must be in [1, 1000]: 0", () -> new FleetAlertSpec(5, 0, 6, 0.25, 0.25));
    assertMessage("alertsPerTurn must be in [1, 1000]: -2", () -> new FleetAlertSpec(5, 4, -2, 0.25, 0.25));
    assertMessage("sum below 1: 0.6 + 0.5", () -> new FleetAlertSpec(5, 4, 6, 0.6, 0.5));
    assertMessage("sum below 1: -0.1 + 0.5", () -> new FleetAlertSpec(5, 4, 6, -0.1, 0.5));
  }

  private static void assertMessage(String expected, org.junit.jupiter.api.function.Executable call) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
    assertTrue(e.getMessage().contains(expected), e.getMessage());
  }
}
