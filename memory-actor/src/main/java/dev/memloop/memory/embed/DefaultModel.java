package dev.memloop.memory.embed;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystemAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.util.Map;

/**
 * Where {@link Embedders#defaultLocal()} finds its table: the one the build distilled into
 * {@code dev.memloop:memloop-default-embedder} (which {@code memloop-runtime} depends on), read from the class path:
 * offline, no teacher, no cache. Without that artifact, a {@link MissingModelException} names it, and the other way to
 * a table (distilling one with {@code dev.memloop:memloop-embedder-distill}, then {@link Embedders#staticModel}).
 * The distillation toolchain is not here: a memory that loads tables does not carry the code that makes them.
 */
final class DefaultModel {

  /** Resource folder of the bundled table; {@link #INDEX} names its model directory inside it. */
  static final String RESOURCE_ROOT = "dev/memloop/embedders/";
  static final String INDEX = Embedders.DEFAULT_MODEL_INDEX;
  static final String ARTIFACT = "dev.memloop:memloop-default-embedder";

  private DefaultModel() {}

  static StaticEmbedder load(ClassLoader loader) {
    String bundled = bundledDirectoryName(loader);
    if (bundled == null) {
      throw new MissingModelException("no default embedder model on the class path: add " + ARTIFACT
          + " (memloop-runtime brings it), or distill a table with dev.memloop:memloop-embedder-distill ("
          + "`memloop embedder distill`) and load it with Embedders.staticModel(dir)");
    }
    return StaticEmbedder.load(resourceDirectory(loader, RESOURCE_ROOT + bundled));
  }

  /**
   * The name and dimension {@link #load} will give, read from the table's header (a few hundred bytes, where the load
   * reads megabytes): {@code static-DIRECTORY-DIMENSION}, as {@link StaticEmbedder#load} names it.
   */
  static Shape shape(ClassLoader loader) {
    String bundled = bundledDirectoryName(loader);
    if (bundled == null) {
      load(loader); // throws the missing-model error, by name
    }
    // read as a class-path resource, not through a zip file system: opening one over a large shaded jar reads its
    // whole central directory, which was most of the time a server's start was meant to save
    String tensors = RESOURCE_ROOT + bundled + "/model.safetensors";
    long[] embeddings;
    try (InputStream in = loader.getResourceAsStream(tensors)) {
      if (in == null) {
        throw new MissingModelException(INDEX + " names " + bundled + ", which is not on the class path: " + ARTIFACT
            + " is damaged; rebuild or download it again");
      }
      embeddings = SafetensorsFile.shape(in, Path.of(tensors), "embeddings");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + tensors + ": " + e.getMessage(), e);
    }
    int dimension = (int) embeddings[embeddings.length - 1];
    return new Shape("static-" + bundled + "-" + dimension, dimension);
  }

  /** What a table is called and how many dimensions its vectors have. */
  record Shape(String name, int dimension) {}

  /** The bundled model's directory name, or null when the artifact is not on the class path. */
  static String bundledDirectoryName(ClassLoader loader) {
    try (InputStream in = loader.getResourceAsStream(INDEX)) {
      return in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + INDEX + " of " + ARTIFACT + ": " + e.getMessage(), e);
    }
  }

  /**
   * A resource folder as a {@link Path}: a directory of a class-path folder as it is, one inside a jar through
   * the JDK's zip file system (kept open: the jar is on the class path for the JVM's life).
   */
  static Path resourceDirectory(ClassLoader loader, String folder) {
    URL url = loader.getResource(folder + "/config.json");
    if (url == null) {
      throw new MissingModelException(INDEX + " names " + folder + ", which is not on the class path: "
          + ARTIFACT + " is damaged; rebuild or download it again");
    }
    try {
      URI uri = url.toURI();
      if ("file".equals(uri.getScheme())) {
        return Path.of(uri).getParent();
      }
      if ("jar".equals(uri.getScheme())) {
        return jarFileSystem(uri).provider().getPath(uri).getParent();
      }
      throw new MissingModelException("cannot read the bundled model at " + url + " (a class path of scheme "
          + uri.getScheme() + "); load it with Embedders.staticModel(dir) from an unpacked copy");
    } catch (URISyntaxException e) {
      throw new MissingModelException("cannot read the bundled model at " + url + ": " + e.getMessage());
    }
  }

  private static FileSystem jarFileSystem(URI uri) {
    try {
      return FileSystems.newFileSystem(uri, Map.of());
    } catch (FileSystemAlreadyExistsException e) {
      return FileSystems.getFileSystem(uri);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open the jar of the bundled model (" + uri + "): " + e.getMessage(), e);
    }
  }
}
