package dev.memloop.memory.embed;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A safetensors file read whole into memory: an 8-byte little-endian header length, a JSON header naming
 * each tensor's dtype, shape and byte range, then the data. Every inconsistency (short file, bad JSON,
 * overlapping or out-of-range offsets, a size that does not match the shape) is an
 * {@link InvalidModelException} naming the file.
 *
 * <p>Immutable after loading; thread-safe.
 */
final class SafetensorsFile {

  /** One tensor: dtype as written ({@code F32}, {@code F16}, {@code I8}...), shape, and its bytes. */
  record Tensor(String name, String dtype, long[] shape, ByteBuffer data) {

    long elements() {
      long n = 1;
      for (long d : shape) {
        n *= d;
      }
      return n;
    }
  }

  private static final long MAX_HEADER = 100L * 1024 * 1024;
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Path path;
  private final Map<String, Tensor> tensors;

  private SafetensorsFile(Path path, Map<String, Tensor> tensors) {
    this.path = path;
    this.tensors = tensors;
  }

  /**
   * The shape of tensor {@code name}, read from the header alone (the first bytes of the file, not its data): what a
   * caller needs to know of a model before it loads it.
   */
  static long[] shape(Path path, String name) {
    try (java.io.InputStream in = Files.newInputStream(path)) {
      return shape(in, path, name);
    } catch (IOException e) {
      throw new InvalidModelException(path, "cannot be read: " + e);
    }
  }

  /** As {@link #shape(Path, String)}, from a stream at the file's start; {@code path} names it in errors. */
  static long[] shape(java.io.InputStream in, Path path, String name) {
    try {
      byte[] length = in.readNBytes(8);
      if (length.length < 8) {
        throw new InvalidModelException(path, "is shorter than a safetensors header");
      }
      long headerLength = ByteBuffer.wrap(length).order(ByteOrder.LITTLE_ENDIAN).getLong(0);
      if (headerLength <= 0 || headerLength > MAX_HEADER) {
        throw new InvalidModelException(path, "declares a header of " + headerLength + " bytes (not safetensors)");
      }
      JsonNode shape = JSON.readTree(new String(in.readNBytes((int) headerLength), StandardCharsets.UTF_8))
          .path(name).path("shape");
      if (!shape.isArray() || shape.isEmpty()) {
        throw new InvalidModelException(path, "has no tensor '" + name + "' with a shape");
      }
      long[] dims = new long[shape.size()];
      for (int i = 0; i < dims.length; i++) {
        dims[i] = shape.get(i).asLong(-1);
      }
      return dims;
    } catch (IOException e) {
      throw new InvalidModelException(path, "cannot be read: " + e);
    }
  }

  static SafetensorsFile read(Path path) {
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(path);
    } catch (IOException e) {
      throw new InvalidModelException(path, "cannot be read: " + e);
    }
    if (bytes.length < 8) {
      throw new InvalidModelException(path, "is " + bytes.length + " bytes, shorter than a safetensors header");
    }
    ByteBuffer all = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    long headerLength = all.getLong(0);
    if (headerLength <= 0 || headerLength > MAX_HEADER || 8 + headerLength > bytes.length) {
      throw new InvalidModelException(path, "declares a header of " + headerLength + " bytes in a file of "
          + bytes.length + " (truncated or not safetensors)");
    }
    JsonNode header;
    try {
      header = JSON.readTree(new String(bytes, 8, (int) headerLength, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new InvalidModelException(path, "has a header that is not JSON: " + e.getMessage());
    }
    int dataStart = 8 + (int) headerLength;
    Map<String, Tensor> tensors = new LinkedHashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = header.fields(); it.hasNext();) {
      Map.Entry<String, JsonNode> entry = it.next();
      if (entry.getKey().equals("__metadata__")) {
        continue;
      }
      tensors.put(entry.getKey(), tensor(path, entry.getKey(), entry.getValue(), all, dataStart));
    }
    return new SafetensorsFile(path, tensors);
  }

  private static Tensor tensor(Path path, String name, JsonNode node, ByteBuffer all, int dataStart) {
    String dtype = node.path("dtype").asText("");
    JsonNode shapeNode = node.path("shape");
    JsonNode offsets = node.path("data_offsets");
    if (dtype.isEmpty() || !shapeNode.isArray() || !offsets.isArray() || offsets.size() != 2) {
      throw new InvalidModelException(path, "tensor '" + name + "' lacks dtype, shape or data_offsets");
    }
    long[] shape = new long[shapeNode.size()];
    for (int i = 0; i < shape.length; i++) {
      shape[i] = shapeNode.get(i).asLong(-1);
      if (shape[i] < 0) {
        throw new InvalidModelException(path, "tensor '" + name + "' has a negative dimension");
      }
    }
    long begin = offsets.get(0).asLong(-1);
    long end = offsets.get(1).asLong(-1);
    long available = all.capacity() - (long) dataStart;
    if (begin < 0 || end < begin || end > available) {
      throw new InvalidModelException(path, "tensor '" + name + "' spans bytes " + begin + ".." + end + " but the "
          + "data section has " + available + " (truncated file?)");
    }
    Tensor tensor = new Tensor(name, dtype, shape,
        all.slice(dataStart + (int) begin, (int) (end - begin)).order(ByteOrder.LITTLE_ENDIAN));
    int width = byteWidth(dtype);
    if (width > 0 && tensor.elements() * width != end - begin) {
      throw new InvalidModelException(path, "tensor '" + name + "' has " + (end - begin) + " bytes, but "
          + dtype + " " + java.util.Arrays.toString(shape) + " needs " + tensor.elements() * width);
    }
    return tensor;
  }

  /** Bytes per element of the dtypes memloop reads; 0 for any other (checked where it is used). */
  static int byteWidth(String dtype) {
    switch (dtype) {
      case "F64":
      case "I64":
        return 8;
      case "F32":
      case "I32":
        return 4;
      case "F16":
      case "BF16":
      case "I16":
        return 2;
      case "I8":
      case "U8":
        return 1;
      default:
        return 0;
    }
  }

  Path path() {
    return path;
  }

  boolean has(String name) {
    return tensors.containsKey(name);
  }

  Tensor tensor(String name) {
    Tensor tensor = tensors.get(name);
    if (tensor == null) {
      throw new InvalidModelException(path, "has no tensor '" + name + "' (it has " + tensors.keySet() + ")");
    }
    return tensor;
  }

  /** A 2-D tensor as rows of floats; F32, F16, BF16 and I8 (whose integers are taken as they are). */
  float[][] matrix(String name) {
    Tensor t = tensor(name);
    if (t.shape().length != 2) {
      throw new InvalidModelException(path, "tensor '" + name + "' has shape " + java.util.Arrays.toString(t.shape())
          + ", expected [rows, dim]");
    }
    int rows = Math.toIntExact(t.shape()[0]);
    int dim = Math.toIntExact(t.shape()[1]);
    float[] flat = floats(t);
    float[][] out = new float[rows][];
    for (int r = 0; r < rows; r++) {
      out[r] = java.util.Arrays.copyOfRange(flat, r * dim, (r + 1) * dim);
    }
    return out;
  }

  /** A 1-D float tensor (F32, F16, BF16, F64). */
  float[] vector(String name) {
    Tensor t = tensor(name);
    if (t.shape().length != 1) {
      throw new InvalidModelException(path, "tensor '" + name + "' has shape " + java.util.Arrays.toString(t.shape())
          + ", expected [n]");
    }
    return floats(t);
  }

  /** A 1-D integer tensor (I64, I32, I16, I8) as ints. */
  int[] ints(String name) {
    Tensor t = tensor(name);
    if (t.shape().length != 1) {
      throw new InvalidModelException(path, "tensor '" + name + "' has shape " + java.util.Arrays.toString(t.shape())
          + ", expected [n]");
    }
    int n = Math.toIntExact(t.elements());
    ByteBuffer b = t.data();
    int[] out = new int[n];
    for (int i = 0; i < n; i++) {
      long v;
      switch (t.dtype()) {
        case "I64":
          v = b.getLong(i * 8);
          break;
        case "I32":
          v = b.getInt(i * 4);
          break;
        case "I16":
          v = b.getShort(i * 2);
          break;
        case "I8":
          v = b.get(i);
          break;
        default:
          throw new InvalidModelException(path, "tensor '" + name + "' has dtype " + t.dtype()
              + "; expected an integer type (I64, I32, I16, I8)");
      }
      if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
        throw new InvalidModelException(path, "tensor '" + name + "' holds " + v + " at " + i + ", out of int range");
      }
      out[i] = (int) v;
    }
    return out;
  }

  private float[] floats(Tensor t) {
    int n = Math.toIntExact(t.elements());
    ByteBuffer b = t.data();
    float[] out = new float[n];
    switch (t.dtype()) {
      case "F32":
        b.asFloatBuffer().get(out);
        break;
      case "F64":
        for (int i = 0; i < n; i++) {
          out[i] = (float) b.getDouble(i * 8);
        }
        break;
      case "F16":
        for (int i = 0; i < n; i++) {
          out[i] = Float16.toFloat(b.getShort(i * 2));
        }
        break;
      case "BF16":
        for (int i = 0; i < n; i++) {
          out[i] = Float.intBitsToFloat((b.getShort(i * 2) & 0xffff) << 16);
        }
        break;
      case "I8":
        for (int i = 0; i < n; i++) {
          out[i] = b.get(i);
        }
        break;
      default:
        throw new InvalidModelException(path, "tensor '" + t.name() + "' has dtype " + t.dtype()
            + "; supported: F32, F16, BF16, F64, I8");
    }
    for (int i = 0; i < n; i++) {
      if (!Float.isFinite(out[i])) {
        throw new InvalidModelException(path, "tensor '" + t.name() + "' holds " + out[i] + " at element " + i);
      }
    }
    return out;
  }
}
