package dev.memloop.memory;

/** An operation was called on a closed {@link WorkingMemory}. */
public final class MemoryClosedException extends IllegalStateException {

  private static final long serialVersionUID = 1L;

  public MemoryClosedException(String operation) {
    super("working memory is closed: " + operation + " is not allowed after close()");
  }
}
