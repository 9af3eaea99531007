package dev.memloop.bench.audit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memloop.memory.MemoryItem;
import dev.memloop.runtime.step.ActionRun;
import dev.memloop.runtime.step.ActionStatus;
import dev.memloop.runtime.step.Decision;
import dev.memloop.runtime.step.GuardCheck;
import dev.memloop.runtime.step.MemoryOutcome;
import dev.memloop.runtime.step.StepRecord;
import dev.memloop.runtime.step.TurnResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The audit finds what is missing: without that, "nothing lost" would say nothing. */
class WriteAuditTest {

  private static StepRecord step(int index, String line, MemoryOutcome remembered) {
    return new StepRecord("a", 0, index, "obs-" + index, Decision.act(line), GuardCheck.NOT_APPLICABLE,
        new ActionRun(ActionStatus.DONE, 1, null, null, 0), remembered, List.of(), null, 0);
  }

  private static TurnResult turn(boolean aborted, int refused, StepRecord... steps) {
    return new TurnResult("a", 0, List.of(steps), 0, 0, aborted, aborted ? "crash" : null, 0, 0, refused);
  }

  private static MemoryItem item(String id, String text) {
    return new MemoryItem(id, text, new float[] {1f}, Map.of());
  }

  @Test
  void should_count_a_stored_write_missing_from_the_snapshot_as_lost() {
    List<TurnResult> turns = List.of(turn(false, 0, step(0, "investigate web-1", MemoryOutcome.STORED),
        step(1, "investigate web-2", MemoryOutcome.STORED), step(2, "investigate web-2", MemoryOutcome.STORED)));
    WriteAudit.GroupAudit audit = WriteAudit.ofSnapshot("per-step", "a", turns,
        List.of(item("1", "investigate web-1"), item("2", "investigate web-2")), false, false);
    assertThat(audit.acknowledged()).isEqualTo(3);
    assertThat(audit.lost()).as("the second copy of web-2 is missing").isEqualTo(1);
    assertThat(audit.firstLost()).containsExactly("a: investigate web-2");
  }

  @Test
  void should_expect_a_per_turn_agents_writes_only_from_whole_turns_with_none_refused() {
    List<TurnResult> turns = List.of(
        turn(false, 0, step(0, "kept", MemoryOutcome.BUFFERED)),
        turn(true, 0, step(0, "aborted turn", MemoryOutcome.BUFFERED)),
        turn(false, 1, step(0, "refused turn", MemoryOutcome.BUFFERED)));
    WriteAudit.GroupAudit audit = WriteAudit.ofSnapshot("per-turn", "a", turns, List.of(), true, false);
    assertThat(audit.acknowledged()).isEqualTo(1);
    assertThat(audit.lost()).isEqualTo(1);
  }

  @Test
  void should_not_expect_writes_that_were_refused_or_never_made() {
    List<TurnResult> turns = List.of(turn(false, 0, step(0, "refused", MemoryOutcome.REFUSED),
        step(1, "none", MemoryOutcome.NO_MEMORY), step(2, "sent", MemoryOutcome.PENDING)));
    assertThat(WriteAudit.ofSnapshot("per-step", "a", turns, List.of(), false, false).acknowledged()).isZero();
    assertThat(WriteAudit.ofSnapshot("networked", "a", turns, List.of(), false, true).lost())
        .as("a networked write sent must be there once its store acknowledged it").isEqualTo(1);
  }

  @Test
  void should_find_ids_the_database_lost_or_overwrote() {
    List<WriteLedger.Acked> acked = new ArrayList<>(List.of(new WriteLedger.Acked("1", "one"),
        new WriteLedger.Acked("2", "two"), new WriteLedger.Acked("3", "three")));
    WriteAudit.GroupAudit audit = WriteAudit.ofDatabase("pgvector", "a", acked,
        List.of(item("1", "one"), item("2", "not two"), item("9", "extra")));
    assertThat(audit.acknowledged()).isEqualTo(3);
    assertThat(audit.found()).isEqualTo(1);
    assertThat(audit.lost()).as("id 3").isEqualTo(1);
    assertThat(audit.overwritten()).as("id 2").isEqualTo(1);
  }
}
