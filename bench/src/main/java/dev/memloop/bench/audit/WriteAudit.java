package dev.memloop.bench.audit;

import dev.memloop.memory.MemoryItem;
import dev.memloop.runtime.step.MemoryOutcome;
import dev.memloop.runtime.step.StepRecord;
import dev.memloop.runtime.step.TurnResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Every acknowledged write found again, or counted as lost. What counts as acknowledged depends on where the memory
 * lives: an agent's own memory acknowledges a write in the step ({@code STORED} in its record); a per-turn agent's
 * held writes are acknowledged by a turn that ended whole with none refused; a networked agent's own store by the
 * snapshot, which waits for every write in flight; a database by the id it returned once it committed (the
 * {@link WriteLedger}); a sharded agent by the turn's answer, sent once its snapshot reached a majority. Pure: given
 * the records, the snapshots and what the database holds, it says what is missing. Used by {@code memloop soak} and
 * {@code memloop cluster-demo}.
 */
public final class WriteAudit {

  /** One group's audit: writes acknowledged, found again, lost, and ids found holding another text. */
  public record GroupAudit(String group, String acknowledgedBy, long acknowledged, long found, long lost,
      long overwritten, List<String> firstLost) {

    public GroupAudit plus(GroupAudit other) {
      List<String> examples = new ArrayList<>(firstLost);
      other.firstLost.stream().limit(Math.max(0, EXAMPLES - examples.size())).forEach(examples::add);
      return new GroupAudit(group, acknowledgedBy, acknowledged + other.acknowledged, found + other.found,
          lost + other.lost, overwritten + other.overwritten, List.copyOf(examples));
    }
  }

  /** How many lost writes a report names. */
  static final int EXAMPLES = 5;

  private WriteAudit() {}

  /** An agent whose memory is its own, or its own store's: the texts its records acknowledged, in its snapshot. */
  public static GroupAudit ofSnapshot(String group, String agentId, List<TurnResult> turns, List<MemoryItem> items,
      boolean perTurn, boolean networked) {
    Map<String, Integer> expected = new HashMap<>();
    for (TurnResult turn : turns) {
      boolean turnKept = !turn.aborted() && turn.writesRefused() == 0;
      for (StepRecord step : turn.steps()) {
        MemoryOutcome outcome = step.remembered();
        boolean acked = outcome == MemoryOutcome.STORED
            || (perTurn && outcome == MemoryOutcome.BUFFERED && turnKept)
            || (networked && outcome == MemoryOutcome.PENDING);
        if (acked) {
          expected.merge(step.actionLine(), 1, Integer::sum);
        }
      }
    }
    Map<String, Integer> present = new HashMap<>();
    for (MemoryItem item : items) {
      present.merge(item.text(), 1, Integer::sum);
    }
    long acknowledged = 0;
    long lost = 0;
    List<String> examples = new ArrayList<>();
    for (Map.Entry<String, Integer> e : expected.entrySet()) {
      acknowledged += e.getValue();
      int missing = e.getValue() - present.getOrDefault(e.getKey(), 0);
      if (missing > 0) {
        lost += missing;
        if (examples.size() < EXAMPLES) {
          examples.add(agentId + ": " + e.getKey());
        }
      }
    }
    String by = perTurn ? "a whole turn with no write refused" : networked ? "the store, before the snapshot"
        : "the step (STORED)";
    return new GroupAudit(group, by, acknowledged, acknowledged - lost, lost, 0, List.copyOf(examples));
  }

  /** An agent whose memory is in a database: every id the database returned, with its text, still there. */
  public static GroupAudit ofDatabase(String group, String agentId, List<WriteLedger.Acked> acked,
      List<MemoryItem> rows) {
    Map<String, String> textById = new HashMap<>();
    for (MemoryItem row : rows) {
      textById.put(row.id(), row.text());
    }
    long lost = 0;
    long overwritten = 0;
    List<String> examples = new ArrayList<>();
    for (WriteLedger.Acked write : acked) {
      String text = textById.get(write.id());
      if (text == null || !text.equals(write.text())) {
        if (text == null) {
          lost++;
        } else {
          overwritten++;
        }
        if (examples.size() < EXAMPLES) {
          examples.add(agentId + " " + write.id() + (text == null ? " missing: " : " overwritten: ") + write.text());
        }
      }
    }
    return new GroupAudit(group, "the database's commit (the id it returned)", acked.size(),
        acked.size() - lost - overwritten, lost, overwritten, List.copyOf(examples));
  }
}
