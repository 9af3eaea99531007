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
import java.util.zip.CRC32C;

/**
 * A memory journal's file format: a header (magic {@code MLJ1}, the vectors' dimension), then one record per write,
 * each framed by its length and a CRC32C of its payload; a payload is an add (id, text, the stored unit vector,
 * metadata), a remove (id) or a clear. A record cut off by a crash (its write was never acknowledged) is dropped and
 * the file truncated at the last whole one; a damaged record before the end refuses the file, naming it and the
 * offset, and changes nothing. Stateless.
 */
final class JournalFile {

  private static final int MAGIC = 0x4d4c4a31; // "MLJ1"
  private static final int HEADER = 8;
  private static final byte ADD = 1;
  private static final byte REMOVE = 2;
  private static final byte CLEAR = 3;
  private static final int MAX_RECORD = 64 << 20;

  private JournalFile() {}

  static ByteBuffer frame(byte[] payload) {
    CRC32C crc = new CRC32C();
    crc.update(payload);
    ByteBuffer framed = ByteBuffer.allocate(8 + payload.length);
    framed.putInt(payload.length).putInt((int) crc.getValue()).put(payload).flip();
    return framed;
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

  /** Replays {@code file} into {@code memory}; returns how many records it held; truncates a torn last record. */
  static long replay(Path file, WorkingMemory memory) throws IOException {
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
  static void rewrite(Path file, WorkingMemory memory) throws IOException {
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
