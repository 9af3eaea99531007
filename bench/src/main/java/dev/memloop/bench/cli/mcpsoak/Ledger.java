package dev.memloop.bench.cli.mcpsoak;

import dev.memloop.memory.MemoryItem;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the clients of one data directory were told, note by note, and the audit of a journal against it (Jepsen's
 * rule: every acknowledged write is there, once, with its text; every refused one is not; a write whose answer was
 * lost to a fault is decided by the first audit that sees the journal, and must stay as it was seen). A note's text is
 * unique, so it names the note before it has an id. Thread-safe: clients record while the harness audits between
 * faults, when no call is in flight.
 */
final class Ledger {

  /** Where one note stands. */
  enum State {
    /** Sent, not yet answered (or its answer lost to a fault): the next audit decides. */
    PENDING,
    /** Answered saved, with its id: must be present. */
    SAVED,
    /** Answered "not saved": must be absent. */
    REFUSED,
    /** Forgotten, the forget acknowledged: must be absent. */
    FORGOTTEN,
    /** A forget sent, not yet answered (or its answer lost): the next audit decides. */
    FORGET_PENDING,
    /** Decided absent by an audit: must stay absent. */
    ABSENT
  }

  private record Note(State state, String id) {}

  private final Map<String, Note> notes = new ConcurrentHashMap<>();

  private final java.util.concurrent.atomic.LongAdder acknowledged = new java.util.concurrent.atomic.LongAdder();

  /** Before a save is sent: until it is answered, the note may or may not be kept. */
  void saving(String text) {
    notes.put(text, new Note(State.PENDING, null));
  }

  void saved(String text, String id) {
    notes.put(text, new Note(State.SAVED, id));
    acknowledged.increment();
  }

  void refused(String text) {
    notes.put(text, new Note(State.REFUSED, null));
  }

  /** Before a forget of a saved note is sent: until it is answered, the note may or may not be gone. */
  void forgetting(String text, String id) {
    notes.put(text, new Note(State.FORGET_PENDING, id));
  }

  /** A forget that was refused ("not saved"): the note stays saved. */
  void forgetRefused(String text, String id) {
    notes.put(text, new Note(State.SAVED, id));
  }

  void forgotten(String text, String id) {
    notes.put(text, new Note(State.FORGOTTEN, id));
  }

  /** What an audit found; the violations are what must be zero. */
  record Audit(long saved, long found, long lost, long duplicated, long changed, long refused, long refusedPresent,
      long forgotten, long forgottenPresent, long decidedPresent, long decidedAbsent, long absentPresent) {

    long violations() {
      return lost + duplicated + changed + refusedPresent + forgottenPresent + absentPresent;
    }
  }

  /**
   * Audits {@code items} (a journal replayed) against what the clients were told, and decides the notes in doubt. Call
   * only while no call is in flight.
   */
  Audit audit(List<MemoryItem> items) {
    return audit(items, true);
  }

  /** As {@link #audit(List)}, deciding nothing: for a copy of the journal (a repaired one), not the journal. */
  Audit check(List<MemoryItem> items) {
    return audit(items, false);
  }

  private Audit audit(List<MemoryItem> items, boolean decide) {
    Map<String, Integer> copies = new HashMap<>();
    Map<String, String> textById = new HashMap<>();
    Map<String, String> idByText = new HashMap<>();
    for (MemoryItem item : items) {
      copies.merge(item.text(), 1, Integer::sum);
      textById.put(item.id(), item.text());
      idByText.put(item.text(), item.id());
    }
    long saved = 0;
    long found = 0;
    long lost = 0;
    long duplicated = 0;
    long changed = 0;
    long refused = 0;
    long refusedPresent = 0;
    long forgotten = 0;
    long forgottenPresent = 0;
    long decidedPresent = 0;
    long decidedAbsent = 0;
    long absentPresent = 0;
    for (Map.Entry<String, Note> entry : notes.entrySet()) {
      String text = entry.getKey();
      Note note = entry.getValue();
      int present = copies.getOrDefault(text, 0);
      switch (note.state()) {
        case SAVED -> {
          saved++;
          String there = textById.get(note.id());
          if (there == null) {
            lost++;
          } else if (!there.equals(text)) {
            changed++;
          } else if (present > 1) {
            duplicated++;
          } else {
            found++;
          }
        }
        case REFUSED -> {
          refused++;
          refusedPresent += present > 0 ? 1 : 0;
        }
        case FORGOTTEN -> {
          forgotten++;
          forgottenPresent += note.id() != null && textById.containsKey(note.id()) ? 1 : 0;
        }
        case ABSENT -> absentPresent += present > 0 ? 1 : 0;
        case PENDING -> {
          if (present > 0) {
            decidedPresent++;
          } else {
            decidedAbsent++;
          }
          if (decide) {
            entry.setValue(present > 0 ? new Note(State.SAVED, idByText.get(text)) : new Note(State.ABSENT, null));
          }
        }
        case FORGET_PENDING -> {
          boolean there = note.id() != null && textById.containsKey(note.id());
          if (decide) {
            entry.setValue(new Note(there ? State.SAVED : State.FORGOTTEN, note.id()));
          }
        }
        default -> throw new IllegalStateException("a note in no state: " + note);
      }
    }
    return new Audit(saved, found, lost, duplicated, changed, refused, refusedPresent, forgotten, forgottenPresent,
        decidedPresent, decidedAbsent, absentPresent);
  }

  /** Saves acknowledged over the whole run (each once, forgotten ones included). */
  long acknowledged() {
    return acknowledged.sum();
  }
}
