package dev.memloop.memory.embed;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntUnaryOperator;

/**
 * Writes a safetensors file: tensors in the order added, the JSON header padded with spaces to a multiple
 * of 8 bytes as the format recommends. The same tensors always give the same bytes.
 *
 * <p>The writing half of the format {@link StaticEmbedder#load} reads: the distiller
 * ({@code dev.memloop:memloop-embedder-distill}) writes its tables with it, and so can an application that makes a
 * model2vec table of its own. Not thread-safe; one writer per file.
 */
public final class SafetensorsWriter {

  private record Entry(String name, String dtype, long[] shape, byte[] data) {}

  private static final ObjectMapper JSON = new ObjectMapper();
  private final List<Entry> entries = new ArrayList<>();

  /** Adds a 2-D F32 tensor: one row per array, every row as long as the first. */
  public SafetensorsWriter f32(String name, float[][] rows) {
    int dim = rowLength(name, rows.length, i -> rows[i] == null ? -1 : rows[i].length);
    ByteBuffer b = buffer((long) rows.length * dim * 4);
    for (float[] row : rows) {
      for (float v : row) {
        b.putFloat(v);
      }
    }
    return add(name, "F32", new long[] {rows.length, dim}, b);
  }

  /** Adds a 2-D F16 tensor (IEEE half precision, rounded to nearest). */
  public SafetensorsWriter f16(String name, float[][] rows) {
    int dim = rowLength(name, rows.length, i -> rows[i] == null ? -1 : rows[i].length);
    ByteBuffer b = buffer((long) rows.length * dim * 2);
    for (float[] row : rows) {
      for (float v : row) {
        b.putShort(Float16.fromFloat(v));
      }
    }
    return add(name, "F16", new long[] {rows.length, dim}, b);
  }

  /** Adds a 2-D I8 tensor. */
  public SafetensorsWriter i8(String name, byte[][] rows) {
    int dim = rowLength(name, rows.length, i -> rows[i] == null ? -1 : rows[i].length);
    ByteBuffer b = buffer((long) rows.length * dim);
    for (byte[] row : rows) {
      b.put(row);
    }
    return add(name, "I8", new long[] {rows.length, dim}, b);
  }

  /** Adds a 1-D F32 tensor. */
  public SafetensorsWriter f32(String name, float[] values) {
    ByteBuffer b = buffer((long) values.length * 4);
    for (float v : values) {
      b.putFloat(v);
    }
    return add(name, "F32", new long[] {values.length}, b);
  }

  /** Adds a 1-D I64 tensor. */
  public SafetensorsWriter i64(String name, int[] values) {
    ByteBuffer b = buffer((long) values.length * 8);
    for (int v : values) {
      b.putLong(v);
    }
    return add(name, "I64", new long[] {values.length}, b);
  }

  /** Adds a tensor as it is given, unchecked: its dtype, shape and little-endian bytes (tests write bad files so). */
  public SafetensorsWriter raw(String name, String dtype, long[] shape, byte[] bytes) {
    return add(name, dtype, shape.clone(), ByteBuffer.wrap(bytes.clone()));
  }

  /** Writes the header and every tensor added, in order, to {@code path} (replaced). */
  public void write(Path path) throws IOException {
    ObjectNode header = JSON.createObjectNode();
    long offset = 0;
    for (Entry e : entries) {
      ObjectNode t = header.putObject(e.name());
      t.put("dtype", e.dtype());
      var shape = t.putArray("shape");
      for (long d : e.shape()) {
        shape.add(d);
      }
      t.putArray("data_offsets").add(offset).add(offset + e.data().length);
      offset += e.data().length;
    }
    byte[] json = JSON.writeValueAsString(header).getBytes(StandardCharsets.UTF_8);
    int padded = (json.length + 7) / 8 * 8;
    try (OutputStream out = Files.newOutputStream(path)) {
      out.write(ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(padded).array());
      out.write(json);
      out.write(" ".repeat(padded - json.length).getBytes(StandardCharsets.US_ASCII));
      for (Entry e : entries) {
        out.write(e.data());
      }
    }
  }

  /** The rows' common length; a ragged or null row is refused by index before a byte is buffered. */
  private static int rowLength(String name, int rows, IntUnaryOperator lengthOf) {
    int dim = rows == 0 ? 0 : lengthOf.applyAsInt(0);
    for (int i = 0; i < rows; i++) {
      if (lengthOf.applyAsInt(i) != dim || dim < 0) {
        throw new IllegalArgumentException("tensor " + name + ": row " + i + " has " + lengthOf.applyAsInt(i)
            + " values where row 0 has " + dim + " (-1: a null row); every row must be as long");
      }
    }
    return dim;
  }

  private SafetensorsWriter add(String name, String dtype, long[] shape, ByteBuffer data) {
    if (name == null || name.isBlank() || entries.stream().anyMatch(e -> e.name().equals(name))) {
      throw new IllegalArgumentException("tensor name must be non-blank and not used before in this file: " + name);
    }
    entries.add(new Entry(name, dtype, shape, data.array()));
    return this;
  }

  private static ByteBuffer buffer(long size) {
    return ByteBuffer.allocate(Math.toIntExact(size)).order(ByteOrder.LITTLE_ENDIAN);
  }
}
