package dev.memloop.mcp;

import dev.memloop.memory.ForwardingWorkingMemory;
import dev.memloop.memory.MemoryItem;
import dev.memloop.memory.MemoryVersion;
import dev.memloop.memory.MemoryWrite;
import dev.memloop.memory.MetadataFilter;
import dev.memloop.memory.WorkingMemory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;

/**
 * A memory kept on disk: every write (an add, a remove, a clear) is appended to a journal file and forced to the disk
 * before it returns, so that an acknowledged write survives a crash of the process or the machine; opening the
 * journal again replays it into an empty memory, with the same ids, texts, vectors, kinds and metadata. What
 * {@code memloop mcp --data DIR} serves.
 *
 * <p>A removal rewrites the file without the removed items before it answers, so a forgotten text is in no record
 * (docs/RELIABILITY.md, "Forgotten means gone").
 *
 * <p>The file's format, and what a crash leaves in it, is {@link JournalFile}'s. Opening also compacts a journal that
 * holds more than twice the records its live items need, by writing the items to a new file and renaming it over
 * the old one.
 *
 * <p>Over 300 lines for one reason: it overrides every write of a {@link WorkingMemory} to journal it, and each of them
 * shares the one lock, the append with its take-back, and the rewrite a removal makes; split, each would reach into
 * another's file channel.
 *
 * <p>Writes are serialized on one lock (the journal's order is the memory's); reads go straight to the memory, which
 * must be thread-safe and must not evict (an evicted item would come back on the next open).
 */
public final class JournaledMemory extends ForwardingWorkingMemory {

  private final WorkingMemory memory;
  private final Path file;
  private FileChannel journal; // replaced when a removal rewrites the file; under writes
  private final DataDirectory.Hold hold;
  private final Object writes = new Object();
  /** Why the journal takes no more writes (a failed append it could not take back), or null. */
  private String broken;

  private JournaledMemory(WorkingMemory memory, Path file, FileChannel journal, DataDirectory.Hold hold) {
    this.memory = memory;
    this.file = file;
    this.journal = journal;
    this.hold = hold;
  }

  @Override
  protected WorkingMemory delegate() {
    return memory;
  }

  /**
   * Opens (or creates) {@code DIR/NAME.journal} and replays it into {@code empty}.
   *
   * @param empty a thread-safe memory with no items and no eviction, of the embedder the journal was written with
   * @throws IllegalArgumentException naming the file: written at another dimension, damaged before its end, not a
   *     journal; or a memory that is not empty
   * @throws UncheckedIOException when the directory or the file cannot be read or written
   */
  public static JournaledMemory open(Path dir, String name, WorkingMemory empty) {
    if (dir == null || name == null || name.isBlank() || empty == null) {
      throw new IllegalArgumentException("a journaled memory needs a directory, a name and an empty memory");
    }
    if (empty.size() != 0) {
      throw new IllegalArgumentException("a journal replays into an empty memory; this one holds " + empty.size()
          + " items");
    }
    Path file = dir.resolve(name + ".journal");
    DataDirectory.Hold hold = DataDirectory.hold(dir); // one process writes a directory, for as long as it runs
    try {
      long records = Files.exists(file) ? JournalFile.replay(file, empty) : 0;
      if (!Files.exists(file) || records > 2L * empty.size() + 1_000) {
        // a new journal, or one mostly of removed items: the live items alone; renamed over the old one only while
        // this process holds the directory, so never under another writer
        JournalFile.rewrite(file, empty);
      }
      FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
      return new JournaledMemory(empty, file, channel, hold);
    } catch (IOException e) {
      hold.release();
      throw new UncheckedIOException("the memory's journal " + file + " cannot be opened: " + e.getMessage(), e);
    } catch (RuntimeException e) {
      hold.release();
      throw e;
    }
  }

  /** What a repair did to one journal of a directory. */
  public record Repaired(Path file, long kept, List<String> dropped, long bytesBefore, long bytesAfter) {}

  /**
   * Repairs every journal of {@code dir} ({@code memloop memory repair}): keeps every whole record of each, drops
   * damaged stretches and a torn tail, and says what it dropped; a damaged file's bytes as they were stay beside it as
   * {@code NAME.journal.damaged}. A whole journal is left as it is. Holds the directory while it works.
   *
   * @throws DataDirectory.InUseException when a server holds the directory
   */
  public static List<Repaired> repair(Path dir) {
    DataDirectory.Hold hold = DataDirectory.hold(dir);
    try (java.util.stream.Stream<Path> files = Files.list(dir)) {
      List<Repaired> out = new java.util.ArrayList<>();
      for (Path file : files.filter(f -> f.getFileName().toString().endsWith(".journal")).sorted().toList()) {
        JournalFile.Repair repair = JournalFile.repair(file);
        out.add(new Repaired(file, repair.kept(), repair.dropped(), repair.bytesBefore(), repair.bytesAfter()));
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException("the journals of " + dir + " cannot be repaired: " + e.getMessage(), e);
    } finally {
      hold.release();
    }
  }

  /**
   * The dimension of the journal {@code DIR/NAME.journal}: what an empty memory to {@link #open} it with must have.
   *
   * @throws IllegalArgumentException naming the file when it is missing or not a journal
   */
  public static int dimension(Path dir, String name) {
    Path file = dir.resolve(name + ".journal");
    try {
      return JournalFile.dimension(file);
    } catch (IOException e) {
      throw new IllegalArgumentException("the memory's journal " + file + " cannot be read: " + e.getMessage(), e);
    }
  }

  /** The journal's path. */
  public Path file() {
    return file;
  }

  @Override
  public String add(String text) {
    return add(text, Map.of());
  }

  @Override
  public String add(String text, Map<String, ?> metadata) {
    synchronized (writes) {
      return kept(super.add(text, metadata));
    }
  }

  @Override
  public String write(MemoryWrite write) {
    synchronized (writes) {
      return kept(super.write(write));
    }
  }


  @Override
  public List<String> addAll(List<String> texts) {
    synchronized (writes) {
      List<String> ids = super.addAll(texts);
      for (int i = 0; i < ids.size(); i++) {
        kept(ids.get(i));
      }
      return ids;
    }
  }

  @Override
  public String addVector(float[] vector, String text, Map<String, ?> metadata) {
    synchronized (writes) {
      return kept(super.addVector(vector, text, metadata));
    }
  }

  @Override
  public String addVector(String id, float[] vector, String text, Map<String, ?> metadata) {
    synchronized (writes) {
      return kept(super.addVector(id, vector, text, metadata));
    }
  }

  /**
   * Journals the removal first, then removes, then rewrites the journal with the items that remain, so that the removed
   * item's text is in no journal record once this returns (forgotten means gone from the file, not only unanswered). A
   * removal that cannot be journaled (a full disk) leaves the item where it was, in memory as on the disk, and is
   * reported "not saved"; a rewrite that fails leaves the removal journaled and the text in the file, and says so.
   */
  @Override
  public boolean remove(String id) {
    synchronized (writes) {
      if (id == null || super.vector(id).isEmpty()) {
        return super.remove(id); // nothing to journal: the memory's own answer (false, or its refusal of a null id)
      }
      boolean removed = removeJournaled(id);
      rewrite();
      return removed;
    }
  }

  /** Journals each version's removal and removes it, then rewrites the journal once, as {@link #remove}. */
  @Override
  public int removeSubject(String subject) {
    synchronized (writes) {
      int removed = 0;
      for (MemoryVersion version : super.history(subject)) {
        removed += removeJournaled(version.id()) ? 1 : 0;
      }
      if (removed > 0) {
        rewrite();
      }
      return removed;
    }
  }

  @Override
  public int removeAll(MetadataFilter filter) {
    synchronized (writes) {
      int removed = 0;
      for (MemoryItem item : super.items()) { // each removal journaled by id, so that a replay removes the same
        if (filter.test(item.metadata())) {
          removed += removeJournaled(item.id()) ? 1 : 0;
        }
      }
      if (removed > 0) {
        rewrite();
      }
      return removed;
    }
  }

  @Override
  public void clear() {
    synchronized (writes) {
      append(JournalFile.clearing());
      super.clear();
      rewrite();
    }
  }

  private boolean removeJournaled(String id) {
    append(JournalFile.removal(id));
    return super.remove(id);
  }

  /**
   * Writes the journal anew with the items the memory holds (the old file replaced by a rename, so that no record of a
   * removed item survives in it), and appends to the new one from now on. Under {@link #writes}.
   */
  private void rewrite() {
    try {
      journal.close();
      try {
        JournalFile.rewrite(file, memory);
      } finally {
        journal = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("the removal is kept, but the memory's journal " + file + " could not be "
          + "rewritten without it (" + e.getMessage() + "): the removed text stays in the file until a later removal "
          + "rewrites it", e);
    }
  }

  @Override
  public void close() {
    synchronized (writes) {
      try {
        journal.close();
      } catch (IOException e) {
        throw new UncheckedIOException("the memory's journal " + file + " did not close: " + e.getMessage(), e);
      } finally {
        super.close();
        hold.release();
      }
    }
  }

  /**
   * Journals the item just added as {@code id} as the memory keeps it: its vector (normalized), so that a replay needs
   * no embedder call, and its metadata with its record time, subject, valid-from and expiry, so that a replay keeps
   * its versions and times; if that fails, takes the item back out, so that nothing unkept stays.
   */
  private String kept(String id) {
    try {
      MemoryItem item = super.item(id).orElseThrow(() -> new IllegalStateException("item " + id + " vanished"));
      append(JournalFile.addition(item));
    } catch (UncheckedIOException failed) {
      super.remove(id);
      throw failed;
    }
    return id;
  }

  /**
   * Appends one record and forces it to the disk before the write is acknowledged. A write that fails part way (a
   * full disk, a file-size limit) is taken back to the last whole frame before it is reported, so that the next write
   * does not land behind a partial frame the next start would read as damage; if even that fails, the journal takes
   * no more writes (the partial frame stays the file's torn tail, which a start cuts off).
   */
  private void append(byte[] payload) {
    if (broken != null) {
      throw new UncheckedIOException(new IOException("the memory's journal " + file + " takes no more writes: "
          + broken + "; restart the server (its start cuts the torn record off)"));
    }
    long before;
    try {
      before = journal.size();
    } catch (IOException e) {
      throw new UncheckedIOException("the memory's journal " + file + " could not be written: " + e.getMessage(), e);
    }
    try {
      ByteBuffer framed = JournalFile.frame(payload);
      while (framed.hasRemaining()) {
        journal.write(framed);
      }
      journal.force(false); // on the disk before the write is acknowledged
    } catch (IOException e) {
      takeBack(before, e);
      throw new UncheckedIOException("the memory's journal " + file + " could not be written: " + e.getMessage(), e);
    }
  }

  private void takeBack(long size, IOException failure) {
    try {
      journal.truncate(size);
      journal.force(false);
    } catch (IOException again) {
      broken = "a write failed (" + failure.getMessage() + ") and could not be taken back (" + again.getMessage() + ")";
    }
  }

}
