package dev.memloop.runtime.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A budget's decisions in a real flight recording: each afforded lookup and each refusal, with what was left. */
class BudgetDecisionEventTest {

  @TempDir
  Path dir;

  @Test
  void should_record_afforded_and_refused_lookups() throws Exception {
    Path file = dir.resolve("budget.jfr");
    try (Recording recording = new Recording()) {
      recording.enable(BudgetDecisionEvent.NAME);
      recording.start();
      LatencyBudget budget = new LatencyBudget(10_000_000, 0); // 10 ms
      assertThat(budget.reserve(4_000_000)).isPositive();
      assertThat(budget.reserve(4_000_000)).isPositive();
      assertThat(budget.reserve(4_000_000)).isEqualTo(LatencyBudget.UNAFFORDABLE);
      recording.stop();
      recording.dump(file);
    }
    List<RecordedEvent> events = RecordingFile.readAllEvents(file).stream()
        .filter(e -> e.getEventType().getName().equals(BudgetDecisionEvent.NAME)).toList();
    assertThat(events).extracting(e -> e.getBoolean("afforded")).containsExactly(true, true, false);
    assertThat(events.get(2).getDuration("remaining").toNanos()).isLessThan(events.get(2).getDuration("estimate")
        .toNanos());
  }
}
