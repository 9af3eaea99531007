package dev.memloop.memory.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/**
 * One embedding or store operation of a working memory, as its own timer measured it. An instant event carrying
 * the duration rather than a begin/end pair: the memory already times each operation for its statistics, and the
 * event reuses that one measurement. No stack trace: an agent runs millions of these.
 */
@Name(MemoryOperationEvent.NAME)
@Label("Memory Operation")
@Category({"memloop", "Memory"})
@Description("An embedding or store operation of an agent's working memory")
@StackTrace(false)
public final class MemoryOperationEvent extends Event {

  public static final String NAME = "dev.memloop.MemoryOperation";

  /** The operations, by the memory's own index of them (write embed, write store, query embed, query store). */
  private static final String[] OPERATIONS = {"write embed", "write store", "query embed", "query store"};

  @Label("Operation")
  String operation;

  @Label("Took")
  @Timespan(Timespan.NANOSECONDS)
  long took;

  /**
   * Commits an event for operation {@code op} when a recording enables this event; otherwise returns after one
   * check (the event object does not escape, so the JIT need not allocate it).
   *
   * @param op 0 to 3, as the memory's timing recorder numbers its operations
   */
  public static void emit(int op, long nanos) {
    MemoryOperationEvent event = new MemoryOperationEvent();
    if (event.isEnabled()) {
      event.operation = OPERATIONS[op];
      event.took = nanos;
      event.commit();
    }
  }
}
