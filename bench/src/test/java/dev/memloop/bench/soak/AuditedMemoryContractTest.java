package dev.memloop.bench.soak;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memloop.bench.audit.WriteLedger;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.WorkingMemoryContract;
import org.junit.jupiter.api.AfterEach;

/** The soak's audited memory meets the contract, and its ledger holds every write the contract made. */
class AuditedMemoryContractTest extends WorkingMemoryContract {

  private final WriteLedger ledger = new WriteLedger();
  private WorkingMemory last;

  @Override
  protected WorkingMemory newMemory() {
    last = new AuditedMemory(WorkingMemory.allocate(EMBEDDER), "agent-1", ledger);
    return last;
  }

  @AfterEach
  void every_acknowledged_write_is_in_the_ledger() {
    if (last != null && !last.isClosed()) {
      last.items().forEach(item -> assertThat(ledger.of("agent-1")).extracting(WriteLedger.Acked::id).contains(item.id()));
    }
  }
}
