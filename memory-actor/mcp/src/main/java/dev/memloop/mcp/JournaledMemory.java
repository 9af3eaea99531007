package dev.memloop.mcp;

import dev.memloop.memory.ForwardingWorkingMemory;
import dev.memloop.memory.MemoryItem;
import dev.memloop.memory.MetadataFilter;
import dev.memloop.memory.WorkingMemory;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32C;

/**
 * A memory kept on disk: every write (an add, a remove, a clear) is appended to a journal file and forced to the disk
 * before it returns, so that an acknowledged write survives a crash of the process or the machine; opening the
 * journal again replays it into an empty memory, with the same ids, texts, vectors, kinds and metadata. What
 * {@code memloop mcp --data DIR} serves.
 *
 * <p>The file ({@code NAME.journal}) starts with a header (magic {@code MLJ1}, the vectors' dimension) and holds one
 * record per write, each framed by its length and a CRC32C: a record cut off by a crash (its write was never
 * acknowledged) is dropped and the file truncated at the last whole one; a damaged record before the end refuses
 * the file, naming it and the offset, and changes nothing. Opening also compacts a journal that holds more than
 * twice the records its live items need, by writing the items to a new file and renaming it over the old one.
 *
 * <p>Writes are serialized on one lock (the journal's order is the memory's); reads go straight to the memory, which
 * must be thread-safe and must not evict (an evicted item would come back on the next open).
 */
public final class JournaledMemory extends ForwardingWorkingMemory {

  private static final int MAGIC = 0x4d4c4a31; // "MLJ1"
  private static final int HEADER = 8;
  private static final byte ADD = 1;
  private static final byte REMOVE = 2;
  private static final byte CLEAR = 3;
  private static final int MAX_RECORD = 64 << 20;

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
      long records = Files.exists(file) ? replay(file, empty) : 0;
      if (!Files.exists(file) || records > 2L * empty.size() + 1_000) {
        rewrite(file, empty); // a new journal, or one mostly of removed items: the live items alone
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
        append(removal(id));
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
          append(removal(item.id()));
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
      append(new byte[] {CLEAR});
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
      append(addition(new MemoryItem(id, text, vector, dev.memloop.memory.MetadataValues.copyOf(metadata))));
    } catch (UncheckedIOException failed) {
      super.remove(id);
      throw failed;
    }
    return id;
  }

  private void append(byte[] payload) {
    try {
      ByteBuffer framed = frame(payload);
      while (framed.hasRemaining()) {
        journal.write(framed);
      }
      journal.force(false); // on the disk before the write is acknowledged
    } catch (IOException e) {
      throw new UncheckedIOException("the memory's journal " + file + " could not be written: " + e.getMessage(), e);
    }
  }

  private static ByteBuffer frame(byte[] payload) {
    CRC32C crc = new CRC32C();
    crc.update(payload);
    ByteBuffer framed = ByteBuffer.allocate(8 + payload.length);
    framed.putInt(payload.length).putInt((int) crc.getValue()).put(payload).flip();
    return framed;
  }

  private static byte[] addition(MemoryItem item) {
    try {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream(64 + item.text().length() * 2 + item.vector().length * 4);
      DataOutputStream out = new DataOutputStream(bytes);
      out.writeByte(ADD);
      JournalValues.writeText(out, item.id());
      JournalValues.writeText(out, item.text());
      out.writeInt(item.vector().length);
      for (float v : item.vector()) {
        out.writeFloat(v);
      }
      JournalValues.writeMetadata(out, item.metadata());
      return bytes.toByteArray();
    } catch (IOException impossible) {
      throw new UncheckedIOException(impossible); // a byte array does not fail
    }
  }

  private static byte[] removal(String id) {
    try {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream(16 + id.length());
      DataOutputStream out = new DataOutputStream(bytes);
      out.writeByte(REMOVE);
      JournalValues.writeText(out, id);
      return bytes.toByteArray();
    } catch (IOException impossible) {
      throw new UncheckedIOException(impossible);
    }
  }

  /** Replays {@code file} into {@code memory}; returns how many records it held; truncates a torn last record. */
  private static long replay(Path file, WorkingMemory memory) throws IOException {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
      long size = channel.size();
      if (size < HEADER) {
        throw new IllegalArgumentException("the memory's journal " + file + " is not one (" + size + " bytes)");
      }
      ByteBuffer header = read(channel, 0, HEADER);
      int magic = header.getInt();
      int dimension = header.getInt();
      if (magic != MAGIC) {
        throw new IllegalArgumentException("the memory's journal " + file + " is not one (no MLJ1 header)");
      }
      if (dimension != memory.dimension()) {
        throw new IllegalArgumentException("the memory's journal " + file + " was written with an embedder of "
            + "dimension " + dimension + "; this one's is " + memory.dimension() + ": serve it with the embedder "
            + "it was written with, or use another --data directory");
      }
      long at = HEADER;
      long records = 0;
      while (at < size) {
        if (size - at < 8) {
          break; // a torn frame header
        }
        ByteBuffer frame = read(channel, at, 8);
        int length = frame.getInt();
        int expected = frame.getInt();
        if (length <= 0 || length > MAX_RECORD) {
          throw damaged(file, at, "a record of " + length + " bytes");
        }
        if (size - at - 8 < length) {
          break; // a torn record
        }
        byte[] payload = new byte[length];
        read(channel, at + 8, length).get(payload);
        CRC32C crc = new CRC32C();
        crc.update(payload);
        if ((int) crc.getValue() != expected) {
          if (at + 8 + length == size) {
            break; // the last record, half on the disk when the process died
          }
          throw damaged(file, at, "its checksum does not match");
        }
        apply(payload, memory, file, at);
        records++;
        at += 8 + length;
      }
      if (at < size) {
        channel.truncate(at); // never acknowledged: its force did not return
        channel.force(true);
      }
      return records;
    }
  }

  private static void apply(byte[] payload, WorkingMemory memory, Path file, long at) throws IOException {
    java.io.DataInputStream in = new java.io.DataInputStream(new java.io.ByteArrayInputStream(payload));
    byte type = in.readByte();
    switch (type) {
      case ADD -> {
        String id = JournalValues.readText(in);
        String text = JournalValues.readText(in);
        int dimension = in.readInt();
        if (dimension != memory.dimension()) {
          throw damaged(file, at, "a vector of dimension " + dimension);
        }
        float[] vector = new float[dimension];
        for (int i = 0; i < dimension; i++) {
          vector[i] = in.readFloat();
        }
        memory.addVector(id, vector, text, JournalValues.readMetadata(in));
      }
      case REMOVE -> memory.remove(JournalValues.readText(in));
      case CLEAR -> memory.clear();
      default -> throw damaged(file, at, "a record of unknown type " + type);
    }
  }

  /** Writes the live items of {@code memory} as a new journal, then renames it over {@code file}. */
  private static void rewrite(Path file, WorkingMemory memory) throws IOException {
    Path next = file.resolveSibling(file.getFileName() + ".next");
    try (FileChannel channel = FileChannel.open(next, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
        StandardOpenOption.TRUNCATE_EXISTING)) {
      ByteBuffer header = ByteBuffer.allocate(HEADER).putInt(MAGIC).putInt(memory.dimension()).flip();
      channel.write(header);
      List<MemoryItem> items = new ArrayList<>(memory.items());
      for (MemoryItem item : items) {
        ByteBuffer framed = frame(addition(item));
        while (framed.hasRemaining()) {
          channel.write(framed);
        }
      }
      channel.force(true);
    }
    Files.move(next, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
  }

  private static ByteBuffer read(FileChannel channel, long at, int length) throws IOException {
    ByteBuffer buffer = ByteBuffer.allocate(length);
    while (buffer.hasRemaining()) {
      if (channel.read(buffer, at + buffer.position()) < 0) {
        throw new IOException("the file ended at " + (at + buffer.position()));
      }
    }
    return buffer.flip();
  }

  private static IllegalArgumentException damaged(Path file, long at, String what) {
    return new IllegalArgumentException("the memory's journal " + file + " is damaged at byte " + at + " (" + what
        + "); nothing was served. Move it aside to start empty, or restore it from a copy");
  }
}
