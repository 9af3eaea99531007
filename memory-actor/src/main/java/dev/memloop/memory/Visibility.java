package dev.memloop.memory;

/**
 * Which versions a read sees ({@link MemoryQuery#asOf()}, {@link MemoryQuery#includeSuperseded()}): the current ones
 * (the default), every version, or those true at an instant. Expired items are never seen.
 */
record Visibility(Mode mode, long asOfMillis) {

  enum Mode { CURRENT, ALL_VERSIONS, AS_OF }

  static final Visibility CURRENT = new Visibility(Mode.CURRENT, 0);
  static final Visibility ALL_VERSIONS = new Visibility(Mode.ALL_VERSIONS, 0);

  static Visibility of(MemoryQuery query) {
    if (query.asOf() != null) {
      return new Visibility(Mode.AS_OF, query.asOf().toEpochMilli());
    }
    return query.includeSuperseded() ? ALL_VERSIONS : CURRENT;
  }
}
