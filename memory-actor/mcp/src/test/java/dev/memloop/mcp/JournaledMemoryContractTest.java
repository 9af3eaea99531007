package dev.memloop.mcp;

import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.WorkingMemoryContract;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.io.TempDir;

/** A memory kept in a journal meets the contract of every memory; each test a journal of its own. */
class JournaledMemoryContractTest extends WorkingMemoryContract {

  private static final AtomicInteger MEMORIES = new AtomicInteger();

  @TempDir
  static Path dir;

  @Override
  protected WorkingMemory newMemory() {
    return JournaledMemory.open(dir, "contract-" + MEMORIES.incrementAndGet(),
        WorkingMemory.builder(EMBEDDER).threadSafe().build());
  }
}
