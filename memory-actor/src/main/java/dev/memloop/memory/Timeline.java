package dev.memloop.memory;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.IntPredicate;

/**
 * A memory's items in time ({@link MemoryLifecycle}): when each was recorded, when it became true, when it stopped
 * (its successor's valid-from) and when it expires, in arrays parallel to the core's ordinals, and its items by
 * subject, so that a write on a subject finds the versions it supersedes with one lookup.
 *
 * <p>Only the record times exist for every memory (8 bytes an item); the rest is made by the first item that has a
 * subject, a valid-from or an expiry, so a memory that never uses time pays nothing more, and its searches screen
 * nothing ({@link #plain()}).
 *
 * <p>A subject's chain is its versions of one kind and one author, ordered by valid-from, ties by arrival (the index
 * key): each version's successor is the next in that order, so no chain can loop. A write or a removal on a subject
 * orders its chain again and sets each version's valid-to and successor; reads only read the arrays.
 *
 * <p>Over 300 lines for one reason: every change to the rows (an add, a removal, the move that fills its hole) must
 * move each per-item array, the subject index, the chains and the merges in step, and chains, merges, expiry and the
 * read screens all read the same arrays; split, each part would need the others' arrays.
 *
 * <p>Not thread-safe: the owning memory serializes writes; reads read arrays writes do not change meanwhile.
 */
final class Timeline {

  /** Valid-to and expiry of an item that has none. */
  static final long NEVER = Long.MAX_VALUE;

  /** What the core needs of its rows. */
  interface Rows {
    Map<String, Object> metadataAt(int ordinal);

    long keyAt(int ordinal);

    String idAt(int ordinal);

    /** The id a caller gave the item at {@code ordinal}, or null for a generated one. */
    String callerIdAt(int ordinal);

    /** The generated id of the item under index key {@code key}. */
    String generatedId(long key);

    /** The ordinal of the item stored as {@code id}, or -1. */
    int ordinalOf(String id);
  }

  private static final long[] NO_LONGS = {};

  private final Rows rows;
  private long[] recordedAt = NO_LONGS;
  // made by the first item in time (null until then)
  private String[] subjects; // the normal form, or null
  private long[] validFrom;
  private long[] validTo;
  private long[] expiresAt;
  private String[] supersededBy; // the successor's id when a caller gave it; a generated one is made when read
  private long[] successorKey; // the index key of the successor
  private boolean[] first; // the first version of its chain when last linked: its removal moves no other link
  private MemoryKind[] kinds; // a subject's version's kind and author: its chain, read without a map lookup
  private String[] authors;
  private IdTable bySubject;
  private int[] scratch = new int[0]; // a chain's ordinals, ordered
  private int[] found = new int[0]; // a subject's ordinals, any chain
  private java.util.Map<String, String> awaited; // a merge's source not stored yet (a snapshot in another order) -> merged id
  private int superseded;
  private int expiring;
  private long nextExpiry = NEVER;

  Timeline(Rows rows) {
    this.rows = rows;
  }

  /** Whether no item has a subject or an expiry: a search of current items need screen nothing. */
  boolean plain() {
    return superseded == 0 && expiring == 0;
  }

  int superseded() {
    return superseded;
  }

  /** The earliest expiry of any item, or {@link #NEVER}. */
  long nextExpiry() {
    return nextExpiry;
  }

  void ensureLength(int length) {
    if (recordedAt.length < length) {
      recordedAt = Arrays.copyOf(recordedAt, length);
      if (subjects != null) {
        growTimes(length);
      }
    }
  }

  private void growTimes(int length) {
    int from = subjects == null ? 0 : subjects.length;
    subjects = subjects == null ? new String[length] : Arrays.copyOf(subjects, length);
    validFrom = validFrom == null ? new long[length] : Arrays.copyOf(validFrom, length);
    validTo = validTo == null ? new long[length] : Arrays.copyOf(validTo, length);
    expiresAt = expiresAt == null ? new long[length] : Arrays.copyOf(expiresAt, length);
    supersededBy = supersededBy == null ? new String[length] : Arrays.copyOf(supersededBy, length);
    successorKey = successorKey == null ? new long[length] : Arrays.copyOf(successorKey, length);
    first = first == null ? new boolean[length] : Arrays.copyOf(first, length);
    kinds = kinds == null ? new MemoryKind[length] : Arrays.copyOf(kinds, length);
    authors = authors == null ? new String[length] : Arrays.copyOf(authors, length);
    for (int o = from; o < length; o++) {
      validFrom[o] = recordedAt[o];
      validTo[o] = NEVER;
      expiresAt[o] = NEVER;
    }
  }

  /** The item at {@code ordinal} was added with {@code meta}, recorded at {@code recorded} (epoch ms). */
  void added(int ordinal, Map<String, Object> meta, long recorded) {
    recordedAt[ordinal] = recorded;
    if (awaited != null && !awaited.isEmpty()) { // a source whose merged item came first
      String mergedId = awaited.remove(rows.idAt(ordinal));
      int merged = mergedId == null ? -1 : rows.ordinalOf(mergedId);
      if (merged >= 0) {
        added(ordinal, meta, recorded);
        mergeOne(merged, ordinal, true);
        return;
      }
    }
    if (subjects == null && !MemoryLifecycle.inTime(meta)) {
      return;
    }
    if (subjects == null) {
      growTimes(recordedAt.length);
      bySubject = new IdTable(new IdTable.Ids() {
        @Override
        public int hashAt(int at) {
          return subjects[at].hashCode();
        }

        @Override
        public boolean idEquals(int at, String asked) {
          return asked.equals(subjects[at]);
        }
      }, 8);
    }
    validFrom[ordinal] = meta.get(MemoryLifecycle.VALID_FROM) instanceof Long from ? from : recorded;
    validTo[ordinal] = NEVER;
    supersededBy[ordinal] = null;
    long expires = meta.get(MemoryLifecycle.EXPIRES_AT) instanceof Long at ? at : NEVER;
    expiresAt[ordinal] = expires;
    if (expires != NEVER) {
      expiring++;
      nextExpiry = Math.min(nextExpiry, expires);
    }
    String subject = MemoryLifecycle.subjectOf(meta);
    subjects[ordinal] = subject == null ? null : MemoryLifecycle.normalize(subject);
    if (subject != null) {
      kinds[ordinal] = MemoryKind.of(meta);
      authors[ordinal] = MemoryKind.authorOf(meta);
      bySubject.put(subjects[ordinal].hashCode(), ordinal);
      rechain(ordinal);
    }
    if (meta.get(MemoryLifecycle.MERGED_FROM) instanceof String sources) {
      merge(ordinal, sources, true);
    }
  }

  /**
   * The item at {@code merged} stands for {@code sources} (ids, one per line): each stored source without a subject
   * (a subject's versions have their chain) is superseded by it ({@code into}) or current again (not).
   */
  private void merge(int merged, String sources, boolean into) {
    for (String id : sources.split("\n")) {
      int source = rows.ordinalOf(id);
      if (source < 0) { // not stored yet: superseded when it comes, unless the merged item goes first
        if (into) {
          if (awaited == null) {
            awaited = new java.util.HashMap<>();
          }
          awaited.put(id, rows.idAt(merged));
        } else if (awaited != null) {
          awaited.remove(id);
        }
        continue;
      }
      mergeOne(merged, source, into);
    }
  }

  /** The source at {@code source} superseded by the merged item at {@code merged} ({@code into}), or current again. */
  private void mergeOne(int merged, int source, boolean into) {
    if (source == merged || subjects[source] != null) {
      return;
    }
    boolean was = validTo[source] != NEVER;
    if (into) {
      validTo[source] = validFrom[merged];
      successorKey[source] = rows.keyAt(merged);
      supersededBy[source] = rows.callerIdAt(merged);
    } else {
      validTo[source] = NEVER;
      supersededBy[source] = null;
    }
    boolean is = validTo[source] != NEVER;
    superseded += (is ? 1 : 0) - (was ? 1 : 0);
  }


  /** The item at {@code ordinal} is being removed (its metadata still in place; nothing has moved yet). */
  void removing(int ordinal) {
    if (subjects == null) {
      return;
    }
    if (rows.metadataAt(ordinal).get(MemoryLifecycle.MERGED_FROM) instanceof String sources) {
      merge(ordinal, sources, false); // its sources answer again: nothing they said is lost with it
    }
    if (validTo[ordinal] != NEVER) {
      superseded--;
    }
    if (expiresAt[ordinal] != NEVER) {
      expiring--;
    }
    String subject = subjects[ordinal];
    if (subject != null) {
      bySubject.remove(subject.hashCode(), ordinal);
      if (!first[ordinal]) { // no version names the first as its successor: the others' links stay right
        int count = chain(subject, ordinal, false);
        order(count);
        link(count);
      }
    }
    first[ordinal] = false;
    authors[ordinal] = null;
    subjects[ordinal] = null;
    validTo[ordinal] = NEVER;
    expiresAt[ordinal] = NEVER;
    supersededBy[ordinal] = null;
  }

  /** The item at {@code from} moved to {@code to}. */
  void moved(int from, int to) {
    recordedAt[to] = recordedAt[from];
    if (subjects == null) {
      return;
    }
    String subject = subjects[from];
    subjects[to] = subject;
    validFrom[to] = validFrom[from];
    validTo[to] = validTo[from];
    expiresAt[to] = expiresAt[from];
    supersededBy[to] = supersededBy[from];
    successorKey[to] = successorKey[from];
    first[to] = first[from];
    first[from] = false;
    kinds[to] = kinds[from];
    authors[to] = authors[from];
    authors[from] = null;
    subjects[from] = null;
    supersededBy[from] = null;
    if (subject != null) {
      bySubject.move(subject.hashCode(), from, to);
    }
  }

  void clear() {
    if (subjects != null) {
      Arrays.fill(subjects, null);
      Arrays.fill(supersededBy, null);
      Arrays.fill(first, false);
      Arrays.fill(authors, null);
      bySubject.clear();
    }
    superseded = 0;
    expiring = 0;
    nextExpiry = NEVER;
    awaited = null;
  }

  void release() {
    recordedAt = NO_LONGS;
    subjects = null;
    validFrom = validTo = expiresAt = successorKey = null;
    supersededBy = null;
    first = null;
    kinds = null;
    authors = null;
    bySubject = null;
  }

  // --- what a read sees ---

  /** Whether the item at {@code ordinal} is current at {@code now}: not superseded, not expired. */
  boolean current(int ordinal, long now) {
    return subjects == null || (validTo[ordinal] == NEVER && expiresAt[ordinal] > now);
  }

  /** Whether the item at {@code ordinal} has not expired by {@code now} (every version of a subject is). */
  boolean alive(int ordinal, long now) {
    return subjects == null || expiresAt[ordinal] > now;
  }

  /** Whether the item at {@code ordinal} was true at {@code asOf} and has not expired by {@code now}. */
  boolean trueAt(int ordinal, long asOf, long now) {
    return validFromAt(ordinal) <= asOf && asOf < validToAt(ordinal) && alive(ordinal, now);
  }

  long recordedAt(int ordinal) {
    return recordedAt[ordinal];
  }

  long validFromAt(int ordinal) {
    return subjects == null ? recordedAt[ordinal] : validFrom[ordinal];
  }

  long validToAt(int ordinal) {
    return subjects == null ? NEVER : validTo[ordinal];
  }

  boolean expired(int ordinal, long now) {
    return subjects != null && expiresAt[ordinal] <= now;
  }

  /** Whether the item at {@code ordinal} has a subject. */
  boolean hasSubject(int ordinal) {
    return subjects != null && subjects[ordinal] != null;
  }

  /** The successor's id of the item at {@code ordinal}, or null while it is current. */
  String supersededBy(int ordinal) {
    if (subjects == null || validTo[ordinal] == NEVER) {
      return null;
    }
    String given = supersededBy[ordinal];
    return given != null ? given : rows.generatedId(successorKey[ordinal]);
  }

  /** The screen a search of {@code visibility} applies at {@code now}, with the caller's {@code filter} (or null). */
  IntPredicate screen(Visibility visibility, long now, IntPredicate filter) {
    IntPredicate time = switch (visibility.mode()) {
      case CURRENT -> plain() ? null : o -> current(o, now);
      case ALL_VERSIONS -> expiring == 0 ? null : o -> alive(o, now);
      case AS_OF -> o -> trueAt(o, visibility.asOfMillis(), now);
    };
    return time == null ? filter : filter == null ? time : time.and(filter);
  }

  /**
   * The eviction victim at capacity when any item is superseded: the first superseded one in eviction order, else
   * {@code fallback}. (Expired items are purged before this is asked.)
   */
  int preferredVictim(EvictionOrder order, int fallback) {
    if (superseded == 0) {
      return fallback;
    }
    for (int o = order.oldest(); o != EvictionOrder.NONE; o = order.newerThan(o)) {
      if (validTo[o] != NEVER) {
        return o;
      }
    }
    return fallback;
  }

  /** The ordinals of expired items at {@code now}, highest first (removable in that order without moving one). */
  int[] expiredOrdinals(int size, long now) {
    int[] out = new int[expiring];
    int n = 0;
    long next = NEVER;
    for (int o = size - 1; o >= 0; o--) {
      if (expiresAt[o] <= now) {
        out[n++] = o;
      } else if (expiresAt[o] != NEVER) {
        next = Math.min(next, expiresAt[o]);
      }
    }
    nextExpiry = next;
    return Arrays.copyOf(out, n);
  }

  /** The ordinals of every version of {@code normalSubject} (any kind, any author), highest first. */
  int[] ordinalsOf(String normalSubject) {
    if (bySubject == null) {
      return new int[0];
    }
    int[] out = new int[bySubject.size()];
    int n = bySubject.findAll(normalSubject, out);
    int[] found = Arrays.copyOf(out, n);
    Arrays.sort(found);
    for (int i = 0, j = n - 1; i < j; i++, j--) {
      int t = found[i];
      found[i] = found[j];
      found[j] = t;
    }
    return found;
  }

  /** Every version of {@code normalSubject}, by kind and author, each chain in its order. */
  List<MemoryVersion> history(String normalSubject, TextAt texts) {
    List<Integer> ordinals = new ArrayList<>();
    for (int o : ordinalsOf(normalSubject)) {
      ordinals.add(o);
    }
    ordinals.sort(Comparator.<Integer, String>comparing(o -> chainOf(o), Comparator.nullsFirst(Comparator.naturalOrder()))
        .thenComparingLong(o -> validFrom[o]).thenComparingLong(rows::keyAt));
    List<MemoryVersion> out = new ArrayList<>(ordinals.size());
    for (int o : ordinals) {
      Map<String, Object> meta = rows.metadataAt(o);
      out.add(new MemoryVersion(rows.idAt(o), texts.textAt(o), MemoryLifecycle.subjectOf(meta),
          Instant.ofEpochMilli(validFrom[o]), validTo[o] == NEVER ? null : Instant.ofEpochMilli(validTo[o]),
          supersededBy(o), Instant.ofEpochMilli(recordedAt[o]), meta));
    }
    return out;
  }

  /** The text of the item at an ordinal. */
  interface TextAt {
    String textAt(int ordinal);
  }

  // --- chains ---

  /** Orders the chain of the item just added at {@code ordinal} and links its versions. */
  private void rechain(int ordinal) {
    int count = chain(subjects[ordinal], ordinal, true);
    order(count);
    link(count);
  }

  /**
   * Gathers into {@link #scratch} the versions of {@code subject} in the same chain as the item at {@code like}
   * (same kind and author), itself included when {@code including}; returns how many.
   */
  private int chain(String subject, int like, boolean including) {
    int indexed = bySubject.size();
    if (found.length < indexed) { // kept between writes: a write on a subject allocates nothing once they fit
      found = new int[Math.max(8, indexed * 2)];
      scratch = new int[found.length];
    }
    int n = bySubject.findAll(subject, found);
    MemoryKind kind = kinds[like];
    String author = authors[like];
    int count = 0;
    for (int i = 0; i < n; i++) {
      int o = found[i];
      if (o == like ? including : sameChain(o, kind, author)) {
        scratch[count++] = o;
      }
    }
    return count;
  }

  private boolean sameChain(int ordinal, MemoryKind kind, String author) {
    return kinds[ordinal] == kind && Objects.equals(authors[ordinal], author);
  }

  /** The chain an item belongs to within its subject, as a sort key: its kind and author. */
  private String chainOf(int ordinal) {
    Map<String, Object> meta = rows.metadataAt(ordinal);
    return MemoryKind.of(meta).name() + '\u0000' + Objects.toString(MemoryKind.authorOf(meta), "");
  }

  /** Sorts the first {@code count} of {@link #scratch} by valid-from, ties by arrival (an insertion sort: short). */
  private void order(int count) {
    for (int i = 1; i < count; i++) {
      int o = scratch[i];
      int j = i - 1;
      while (j >= 0 && later(scratch[j], o)) {
        scratch[j + 1] = scratch[j];
        j--;
      }
      scratch[j + 1] = o;
    }
  }

  private boolean later(int a, int b) {
    return validFrom[a] != validFrom[b] ? validFrom[a] > validFrom[b] : rows.keyAt(a) > rows.keyAt(b);
  }

  /** Sets each ordered version's valid-to and successor: the next version's valid-from and key; the last is current. */
  private void link(int count) {
    for (int i = 0; i < count; i++) {
      int o = scratch[i];
      first[o] = i == 0;
      boolean was = validTo[o] != NEVER;
      if (i + 1 < count) {
        int next = scratch[i + 1];
        successorKey[o] = rows.keyAt(next);
        supersededBy[o] = rows.callerIdAt(next); // null for a generated id: made from the key when read
        validTo[o] = validFrom[next];
      } else {
        validTo[o] = NEVER;
        supersededBy[o] = null;
      }
      boolean is = validTo[o] != NEVER;
      superseded += (is ? 1 : 0) - (was ? 1 : 0);
    }
  }
}
