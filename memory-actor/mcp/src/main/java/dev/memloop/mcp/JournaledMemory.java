package dev.memloop.mcp;

import dev.memloop.memory.ForwardingWorkingMemory;
import dev.memloop.memory.MemoryItem;
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
 * <p>The file's format, and what a crash leaves in it, is {@link JournalFile}'s. Opening also compacts a journal that
 * holds more than twice the records its live items need, by writing the items to a new file and renaming it over
 * the old one.
 *
 * <p>Writes are serialized on one lock (the journal's order is the memory's); reads go straight to the memory, which
 * must be thread-safe and must not evict (an evicted item would come back on the next open).
 */
public final class JournaledMemory extends ForwardingWorkingMemory {

  private final WorkingMemory memory;
  private final Path file;
  private final FileChannel journal;
  private final Object writes = new Object();

  private JournaledMemory(WorkingMemory memory, Path file, FileChannel journal) {
    this.memory = memory;
    this.file = file;
    this.journal = journal;
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
    try {
      Files.createDirectories(dir);
      long records = Files.exists(file) ? JournalFile.replay(file, empty) : 0;
      if (!Files.exists(file) || records > 2L * empty.size() + 1_000) {
        JournalFile.rewrite(file, empty); // a new journal, or one mostly of removed items: the live items alone
      }
      FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
      return new JournaledMemory(empty, file, channel);
    } catch (IOException e) {
      throw new UncheckedIOException("the memory's journal " + file + " cannot be opened: " + e.getMessage(), e);
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
      return kept(super.add(text, metadata), text, metadata);
    }
  }

  @Override
  public List<String> addAll(List<String> texts) {
    synchronized (writes) {
      List<String> ids = super.addAll(texts);
      for (int i = 0; i < ids.size(); i++) {
        kept(ids.get(i), texts.get(i), Map.of());
      }
      return ids;
    }
  }

  @Override
  public String addVector(float[] vector, String text, Map<String, ?> metadata) {
    synchronized (writes) {
      return kept(super.addVector(vector, text, metadata), text, metadata);
    }
  }

  @Override
  public String addVector(String id, float[] vector, String text, Map<String, ?> metadata) {
    synchronized (writes) {
      return kept(super.addVector(id, vector, text, metadata), text, metadata);
    }
  }

  @Override
  public boolean remove(String id) {
    synchronized (writes) {
      boolean removed = super.remove(id);
      if (removed) {
        append(JournalFile.removal(id));
      }
      return removed;
    }
  }

  @Override
  public int removeAll(MetadataFilter filter) {
    synchronized (writes) {
      int removed = 0;
      for (MemoryItem item : super.items()) { // each removal journaled by id, so that a replay removes the same
        if (filter.test(item.metadata()) && super.remove(item.id())) {
          append(JournalFile.removal(item.id()));
          removed++;
        }
      }
      return removed;
    }
  }

  @Override
  public void clear() {
    synchronized (writes) {
      super.clear();
      append(JournalFile.clearing());
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
      }
    }
  }

  /**
   * Journals the item just added as {@code id}, with the vector the memory keeps for it (normalized), so that a
   * replay needs no embedder call; if that fails, takes the item back out, so that nothing unkept stays.
   */
  private String kept(String id, String text, Map<String, ?> metadata) {
    try {
      float[] vector = super.vector(id).orElseThrow(() -> new IllegalStateException("item " + id + " vanished"));
      append(JournalFile.addition(new MemoryItem(id, text, vector, dev.memloop.memory.MetadataValues.copyOf(metadata))));
    } catch (UncheckedIOException failed) {
      super.remove(id);
      throw failed;
    }
    return id;
  }

  private void append(byte[] payload) {
    try {
      ByteBuffer framed = JournalFile.frame(payload);
      while (framed.hasRemaining()) {
        journal.write(framed);
      }
      journal.force(false); // on the disk before the write is acknowledged
    } catch (IOException e) {
      throw new UncheckedIOException("the memory's journal " + file + " could not be written: " + e.getMessage(), e);
    }
  }

}
