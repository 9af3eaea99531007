package dev.memloop.mcp;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.zip.CRC32C;

/**
 * The frame every record of a memloop journal is written in: its payload's length (an int), a CRC32C of the payload
 * (an int), then the payload; and how a file of frames is read back, told apart as PostgreSQL's WAL reader tells a
 * log: a frame is a torn tail only when it is the last thing in the file and incomplete (fewer bytes than its header
 * says, or nothing but zeros, which a crash can leave in blocks the file system allocated); a frame that is whole but
 * fails its checksum, or whose length cannot be right (out of range, or past the end while a whole frame starts
 * further on) is damage. Stateless; the reader of one file is not thread-safe.
 */
final class Frames {

  /** Bytes of a frame's header: length and checksum. */
  static final int HEADER = 8;
  /** The longest payload a frame may hold. */
  static final int MAX_PAYLOAD = 64 << 20;

  private Frames() {}

  /** {@code payload} framed. */
  static ByteBuffer frame(byte[] payload) {
    ByteBuffer framed = ByteBuffer.allocate(HEADER + payload.length);
    framed.putInt(payload.length).putInt(crc(payload, 0, payload.length)).put(payload).flip();
    return framed;
  }

  static int crc(byte[] bytes, int from, int length) {
    CRC32C crc = new CRC32C();
    crc.update(bytes, from, length);
    return (int) crc.getValue();
  }

  /** What a pass over a file's frames met at one offset. */
  enum State {
    /** A whole frame whose checksum holds. */
    WHOLE,
    /** The end of the file, exactly. */
    END,
    /** The file's last thing, incomplete (or zeros): a write that was never acknowledged. */
    TORN_TAIL,
    /** A frame that cannot be right, before the end. */
    DAMAGED
  }

  /** One step of a pass: the state at {@code offset}, the payload of a whole frame, what is wrong with a damaged one. */
  record Step(State state, long offset, byte[] payload, String what) {}

  /**
   * Reads the frame at {@code at} of a file of {@code size} bytes. {@code plausible} tells a payload that could be a
   * record from bytes that cannot (the resynchronisation that decides whether a bad length is a torn tail asks it
   * before computing a checksum).
   */
  static Step read(FileChannel channel, long at, long size, PayloadCheck plausible) throws IOException {
    if (at == size) {
      return new Step(State.END, at, null, null);
    }
    if (size - at < HEADER) {
      return zerosOrTorn(channel, at, size);
    }
    ByteBuffer header = read(channel, at, HEADER);
    int length = header.getInt();
    int expected = header.getInt();
    if (length == 0 && expected == 0 && allZero(channel, at, size)) {
      return new Step(State.TORN_TAIL, at, null, "zeros to the end");
    }
    if (length <= 0 || length > MAX_PAYLOAD) {
      return new Step(State.DAMAGED, at, null, "a record of " + length + " bytes");
    }
    if (size - at - HEADER < length) {
      // past the end: the last write torn, unless the bytes to the end are a whole payload that its checksum holds
      // (then a bit of this length flipped, in a record that was acknowledged), or a whole frame starts further on
      // (then this length is wrong too)
      int onDisk = (int) (size - at - HEADER);
      if (onDisk > 0) {
        byte[] rest = new byte[onDisk];
        read(channel, at + HEADER, onDisk).get(rest);
        if (crc(rest, 0, onDisk) == expected) {
          return new Step(State.DAMAGED, at, null, "a record of " + length + " bytes, past the end, though the "
              + onDisk + " bytes to the end are a whole record (the last, acknowledged; its length damaged)");
        }
      }
      long next = nextWhole(channel, at + 1, size, plausible);
      return next < 0 ? new Step(State.TORN_TAIL, at, null, "a record of " + length + " bytes, "
          + (size - at - HEADER) + " on the disk")
          : new Step(State.DAMAGED, at, null, "a record of " + length + " bytes, past the end, with a whole one at "
              + "byte " + next);
    }
    byte[] payload = new byte[length];
    read(channel, at + HEADER, length).get(payload);
    if (crc(payload, 0, length) != expected) {
      return new Step(State.DAMAGED, at, null, "its checksum does not match"
          + (at + HEADER + length == size ? " (the last record, whole: a write that was acknowledged)" : ""));
    }
    return new Step(State.WHOLE, at, payload, null);
  }

  /** Whether a payload's bytes could be a record (its type and inner lengths); the checksum decides after. */
  @FunctionalInterface
  interface PayloadCheck {
    boolean plausible(byte[] payload);
  }

  /**
   * The offset of the first whole frame at or after {@code from} (its checksum holding), or -1: where a pass can go on
   * after damage. Linear in the bytes it passes; a candidate's checksum is computed only when its payload is plausible.
   */
  static long nextWhole(FileChannel channel, long from, long size, PayloadCheck plausible) throws IOException {
    Window window = new Window(channel, size);
    for (long p = from; p + HEADER < size; p++) {
      int length = window.intAt(p);
      if (length <= 0 || length > MAX_PAYLOAD || size - p - HEADER < length) {
        continue;
      }
      byte[] payload = new byte[length];
      read(channel, p + HEADER, length).get(payload);
      if (plausible.plausible(payload) && crc(payload, 0, length) == window.intAt(p + 4)) {
        return p;
      }
    }
    return -1;
  }

  private static Step zerosOrTorn(FileChannel channel, long at, long size) throws IOException {
    return new Step(State.TORN_TAIL, at, null, allZero(channel, at, size) ? "zeros to the end"
        : (size - at) + " bytes of a record's header");
  }

  private static boolean allZero(FileChannel channel, long from, long size) throws IOException {
    Window window = new Window(channel, size);
    for (long p = from; p < size; p++) {
      if (window.byteAt(p) != 0) {
        return false;
      }
    }
    return true;
  }

  static ByteBuffer read(FileChannel channel, long at, int length) throws IOException {
    ByteBuffer buffer = ByteBuffer.allocate(length);
    while (buffer.hasRemaining()) {
      if (channel.read(buffer, at + buffer.position()) < 0) {
        throw new IOException("the file ended at " + (at + buffer.position()));
      }
    }
    return buffer.flip();
  }

  /** Bytes of a file read a megabyte at a time, for a scan that asks every offset. */
  private static final class Window {
    private static final int SPAN = 1 << 20;
    private final FileChannel channel;
    private final long size;
    private ByteBuffer bytes;
    private long base = -1;

    Window(FileChannel channel, long size) {
      this.channel = channel;
      this.size = size;
    }

    byte byteAt(long p) throws IOException {
      cover(p, 1);
      return bytes.get((int) (p - base));
    }

    int intAt(long p) throws IOException {
      cover(p, 4);
      return bytes.getInt((int) (p - base));
    }

    private void cover(long p, int n) throws IOException {
      if (base < 0 || p < base || p + n > base + bytes.limit()) {
        base = p;
        bytes = read(channel, p, (int) Math.min(SPAN, size - p));
      }
    }
  }
}
