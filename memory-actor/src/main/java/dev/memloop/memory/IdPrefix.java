package dev.memloop.memory;

/**
 * The prefix of a memory's generated ids: the caller's, or {@code m<n>-} built from the memory's number the
 * first time an id is generated (a memory that is never written, or only under caller ids, builds no string).
 */
final class IdPrefix {

  private final long number;
  private String prefix;

  private IdPrefix(String prefix, long number) {
    this.prefix = prefix;
    this.number = number;
  }

  static IdPrefix of(String prefix) {
    return new IdPrefix(prefix, -1);
  }

  static IdPrefix numbered(long memoryNumber) {
    return new IdPrefix(null, memoryNumber);
  }

  /** Not thread-safe on its own: called under the memory's write discipline. */
  String get() {
    if (prefix == null) {
      prefix = "m" + Long.toString(number, 36) + "-";
    }
    return prefix;
  }
}
