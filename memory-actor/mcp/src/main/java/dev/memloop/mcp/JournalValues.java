package dev.memloop.mcp;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/**
 * How a journal writes texts and metadata: a text as its UTF-8 length and bytes (no 64 KiB limit, unlike
 * {@code writeUTF}); metadata as a count, then each key and a typed value (the memory's value types: String, UUID,
 * Integer, Long, Float, Double). Stateless.
 */
final class JournalValues {

  private static final byte STRING = 1;
  private static final byte UUID_VALUE = 2;
  private static final byte INT = 3;
  private static final byte LONG = 4;
  private static final byte FLOAT = 5;
  private static final byte DOUBLE = 6;

  private JournalValues() {}

  static void writeText(DataOutputStream out, String text) throws IOException {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    out.writeInt(bytes.length);
    out.write(bytes);
  }

  static String readText(DataInputStream in) throws IOException {
    int length = in.readInt();
    if (length < 0 || length > in.available()) {
      throw new IOException("a text of " + length + " bytes where " + in.available() + " remain");
    }
    return new String(in.readNBytes(length), StandardCharsets.UTF_8);
  }

  static void writeMetadata(DataOutputStream out, Map<String, Object> metadata) throws IOException {
    out.writeInt(metadata.size());
    for (Map.Entry<String, Object> e : metadata.entrySet()) {
      writeText(out, e.getKey());
      Object v = e.getValue();
      if (v instanceof String s) {
        out.writeByte(STRING);
        writeText(out, s);
      } else if (v instanceof UUID u) {
        out.writeByte(UUID_VALUE);
        out.writeLong(u.getMostSignificantBits());
        out.writeLong(u.getLeastSignificantBits());
      } else if (v instanceof Integer i) {
        out.writeByte(INT);
        out.writeInt(i);
      } else if (v instanceof Long l) {
        out.writeByte(LONG);
        out.writeLong(l);
      } else if (v instanceof Float f) {
        out.writeByte(FLOAT);
        out.writeFloat(f);
      } else if (v instanceof Double d) {
        out.writeByte(DOUBLE);
        out.writeDouble(d);
      } else {
        throw new IllegalArgumentException("metadata value for key '" + e.getKey() + "' has unsupported type "
            + v.getClass().getName()); // the memory refused it before: this is a bug
      }
    }
  }

  static Map<String, Object> readMetadata(DataInputStream in) throws IOException {
    int count = in.readInt();
    if (count < 0 || count > in.available()) {
      throw new IOException("metadata of " + count + " entries where " + in.available() + " bytes remain");
    }
    Map<String, Object> metadata = new LinkedHashMap<>();
    for (int i = 0; i < count; i++) {
      String key = readText(in);
      byte type = in.readByte();
      metadata.put(key, switch (type) {
        case STRING -> readText(in);
        case UUID_VALUE -> new UUID(in.readLong(), in.readLong());
        case INT -> in.readInt();
        case LONG -> in.readLong();
        case FLOAT -> in.readFloat();
        case DOUBLE -> in.readDouble();
        default -> throw new IOException("a metadata value of unknown type " + type);
      });
    }
    return metadata;
  }
}
