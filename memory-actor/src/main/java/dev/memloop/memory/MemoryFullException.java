package dev.memloop.memory;

/** An add would exceed the capacity of a memory whose eviction is {@link Eviction#NONE}. */
public final class MemoryFullException extends IllegalStateException {

  private static final long serialVersionUID = 1L;

  public MemoryFullException(int capacity, int adding) {
    super("working memory is full: capacity " + capacity + ", cannot add " + adding
        + " more with eviction NONE (choose OLDEST_FIRST or LEAST_RECENTLY_RECALLED to evict)");
  }
}
