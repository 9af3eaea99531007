package dev.memloop.bench.cli.mcpsoak;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memloop.memory.MemoryItem;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The soak's audit finds each way a journal can go wrong against what its clients were told, and decides doubt once. */
class LedgerTest {

  private static MemoryItem item(String id, String text) {
    return new MemoryItem(id, text, new float[] {1f}, Map.of());
  }

  @Test
  void should_find_a_lost_a_changed_a_doubled_and_a_kept_refusal() {
    Ledger ledger = new Ledger();
    ledger.saved("kept", "1");
    ledger.saved("lost", "2");
    ledger.saved("changed", "3");
    ledger.saved("doubled", "4");
    ledger.refused("refused");
    ledger.saved("forgotten", "5");
    ledger.forgotten("forgotten", "5");
    Ledger.Audit audit = ledger.audit(List.of(item("1", "kept"), item("3", "changed!"), item("4", "doubled"),
        item("9", "doubled"), item("7", "refused"), item("5", "forgotten")));
    assertThat(audit.saved()).isEqualTo(4);
    assertThat(audit.found()).isEqualTo(1);
    assertThat(audit.lost()).isEqualTo(1);
    assertThat(audit.changed()).isEqualTo(1);
    assertThat(audit.duplicated()).isEqualTo(1);
    assertThat(audit.refusedPresent()).isEqualTo(1);
    assertThat(audit.forgottenPresent()).isEqualTo(1);
    assertThat(audit.violations()).isEqualTo(5);
    assertThat(ledger.acknowledged()).isEqualTo(5);
  }

  @Test
  void should_decide_a_write_in_doubt_by_the_first_audit_and_hold_it_to_that() {
    Ledger ledger = new Ledger();
    ledger.saving("seen");
    ledger.saving("unseen");
    ledger.saved("to forget", "3");
    ledger.forgetting("to forget", "3");
    Ledger.Audit first = ledger.audit(List.of(item("1", "seen"), item("3", "to forget")));
    assertThat(first.decidedPresent()).isEqualTo(1);
    assertThat(first.decidedAbsent()).isEqualTo(1);
    assertThat(first.violations()).isZero();
    Ledger.Audit later = ledger.audit(List.of(item("2", "unseen")));
    assertThat(later.lost()).as("seen once, it must stay: 'seen' and 'to forget' (its forget decided undone)")
        .isEqualTo(2);
    assertThat(later.absentPresent()).as("unseen once, it must not come back").isEqualTo(1);
  }

  @Test
  void should_check_a_copy_without_deciding_anything() {
    Ledger ledger = new Ledger();
    ledger.saving("maybe");
    assertThat(ledger.check(List.of()).decidedAbsent()).isEqualTo(1);
    assertThat(ledger.check(List.of(item("1", "maybe"))).decidedPresent()).as("still in doubt").isEqualTo(1);
  }
}
