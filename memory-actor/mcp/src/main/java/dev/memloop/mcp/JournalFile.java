package dev.memloop.mcp;

import dev.memloop.memory.MemoryItem;
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

/**
 * A memory journal's file format: a header (magic {@code MLJ1}, the vectors' dimension), then one record per write,
 * each in a {@link Frames frame} (its length and a CRC32C of its payload); a payload is an add (id, text, the stored
 * unit vector, metadata), a remove (id) or a clear. A record cut off by a crash (the last thing in the file, and
 * incomplete: its write was never acknowledged) is dropped and the file truncated at the last whole one; a record
 * that cannot be right before the end (a bad checksum, a length that points past the end while a whole record
 * follows) refuses the file, naming it and the offset, and changes nothing; {@link #repair} keeps every whole record.
 * Stateless.
 */
final class JournalFile {

  private static final int MAGIC = 0x4d4c4a31; // "MLJ1"
  private static final int HEADER = 8;
  private static final byte ADD = 1;
  private static final byte REMOVE = 2;
  private static final byte CLEAR = 3;

  private JournalFile() {}

  static ByteBuffer frame(byte[] payload) {
    return Frames.frame(payload);
  }

  static byte[] addition(MemoryItem item) {
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

  static byte[] removal(String id) {
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

  static byte[] clearing() {
    return new byte[] {CLEAR};
  }

  /**
   * Replays {@code file} into {@code memory}; returns how many records it held. A torn last record (a write that was
   * never acknowledged) is cut off; damage before the end refuses the file, naming it and the byte, and changes
   * nothing (neither the file nor the memory beyond what was read).
   */
  static long replay(Path file, WorkingMemory memory) throws IOException {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
      long size = channel.size();
      int dimension = header(channel, file, size);
      if (dimension != memory.dimension()) {
        throw new IllegalArgumentException("the memory's journal " + file + " was written with an embedder of "
            + "dimension " + dimension + "; this one's is " + memory.dimension() + ": serve it with the embedder "
            + "it was written with, or use another --data directory");
      }
      long at = HEADER;
      long records = 0;
      Frames.PayloadCheck plausible = payload -> plausible(payload, dimension);
      while (true) {
        Frames.Step step = Frames.read(channel, at, size, plausible);
        if (step.state() == Frames.State.END) {
          return records;
        }
        if (step.state() == Frames.State.TORN_TAIL) {
          channel.truncate(at); // never acknowledged: its force did not return
          channel.force(true);
          return records;
        }
        if (step.state() == Frames.State.DAMAGED) {
          throw damaged(file, at, step.what());
        }
        try {
          apply(step.payload(), memory, file, at);
        } catch (IOException | IllegalArgumentException | IllegalStateException unreadable) { // a byte array's reads
          throw unreadable instanceof IllegalArgumentException bad && bad.getMessage().contains("is damaged at byte")
              ? bad : damaged(file, at, "a record that does not read: " + unreadable.getMessage());
        }
        records++;
        at += Frames.HEADER + step.payload().length;
      }
    }
  }

  /** The header's dimension, or a refusal naming the file when it has no header. */
  /** The dimension a journal's header names. */
  static int dimension(Path file) throws IOException {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      return header(channel, file, channel.size());
    }
  }

  private static int header(FileChannel channel, Path file, long size) throws IOException {
    if (size < HEADER) {
      throw new IllegalArgumentException("the memory's journal " + file + " is not one (" + size + " bytes)");
    }
    ByteBuffer header = Frames.read(channel, 0, HEADER);
    if (header.getInt() != MAGIC) {
      throw new IllegalArgumentException("the memory's journal " + file + " is not one (no MLJ1 header)");
    }
    return header.getInt();
  }

  /**
   * Whether {@code payload} could be a record of a journal of {@code dimension}: its type, and its inner lengths
   * within it (an add's vector of that dimension). Asked of candidates when a pass looks for the next whole frame.
   */
  static boolean plausible(byte[] payload, int dimension) {
    ByteBuffer in = ByteBuffer.wrap(payload);
    switch (payload[0]) {
      case CLEAR:
        return payload.length == 1;
      case REMOVE:
        return payload.length >= 5 && 5 + in.getInt(1) == payload.length;
      case ADD: {
        int at = 1;
        for (int text = 0; text < 2; text++) { // the id, then the text
          if (at + 4 > payload.length) {
            return false;
          }
          int length = in.getInt(at);
          if (length < -1 || at + 4 + Math.max(0, length) > payload.length) {
            return false;
          }
          at += 4 + Math.max(0, length);
        }
        return at + 4 <= payload.length && in.getInt(at) == dimension
            && at + 4 + 4L * dimension + 4 <= payload.length;
      }
      default:
        return false;
    }
  }

  /** What {@link #repair} kept and dropped. */
  record Repair(long kept, List<String> dropped, long bytesBefore, long bytesAfter) {}

  /**
   * Keeps every whole record of {@code file} and drops the rest (damaged stretches, a torn tail), writing the kept
   * records to a new journal that replaces it; the file as it was stays beside it as {@code NAME.journal.damaged}.
   * What was dropped is said, stretch by stretch.
   */
  static Repair repair(Path file) throws IOException {
    List<byte[]> kept = new ArrayList<>();
    List<String> dropped = new ArrayList<>();
    long size;
    int dimension;
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      size = channel.size();
      dimension = header(channel, file, size);
      Frames.PayloadCheck plausible = payload -> plausible(payload, dimension);
      long at = HEADER;
      while (at < size) {
        Frames.Step step = Frames.read(channel, at, size, plausible);
        if (step.state() == Frames.State.WHOLE && plausible(step.payload(), dimension)) {
          kept.add(step.payload());
          at += Frames.HEADER + step.payload().length;
          continue;
        }
        if (step.state() == Frames.State.TORN_TAIL) {
          dropped.add("bytes " + at + "-" + size + ": a torn last record (" + step.what() + ")");
          break;
        }
        long next = Frames.nextWhole(channel, at + 1, size, plausible);
        long to = next < 0 ? size : next;
        dropped.add("bytes " + at + "-" + to + ": " + (step.what() == null ? "a record that does not read"
            : step.what()));
        at = to;
      }
    }
    if (dropped.isEmpty()) {
      return new Repair(kept.size(), dropped, size, size); // whole: nothing to write
    }
    Path before = file.resolveSibling(file.getFileName() + ".damaged");
    Files.copy(file, before, StandardCopyOption.REPLACE_EXISTING);
    Path next = file.resolveSibling(file.getFileName() + ".next");
    try (FileChannel out = FileChannel.open(next, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
        StandardOpenOption.TRUNCATE_EXISTING)) {
      writeAll(out, ByteBuffer.allocate(HEADER).putInt(MAGIC).putInt(dimension).flip());
      for (byte[] payload : kept) {
        writeAll(out, Frames.frame(payload));
      }
      out.force(true);
    }
    Files.move(next, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    return new Repair(kept.size(), dropped, size, Files.size(file));
  }

  private static void writeAll(FileChannel channel, ByteBuffer bytes) throws IOException {
    while (bytes.hasRemaining()) {
      channel.write(bytes);
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
  static void rewrite(Path file, WorkingMemory memory) throws IOException {
    Path next = file.resolveSibling(file.getFileName() + ".next");
    try (FileChannel channel = FileChannel.open(next, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
        StandardOpenOption.TRUNCATE_EXISTING)) {
      writeAll(channel, ByteBuffer.allocate(HEADER).putInt(MAGIC).putInt(memory.dimension()).flip());
      for (MemoryItem item : memory.items()) {
        writeAll(channel, frame(addition(item)));
      }
      channel.force(true);
    }
    Files.move(next, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
  }

  private static IllegalArgumentException damaged(Path file, long at, String what) {
    return new IllegalArgumentException("the memory's journal " + file + " is damaged at byte " + at + " (" + what
        + "); nothing was served and nothing changed. memloop memory repair --data " + file.getParent() + " keeps "
        + "every whole record and says what it drops; or restore the file from a copy");
  }
}
