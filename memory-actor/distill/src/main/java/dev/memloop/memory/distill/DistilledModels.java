package dev.memloop.memory.distill;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.memloop.memory.embed.InvalidModelException;
import dev.memloop.memory.embed.StaticEmbedder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The cache of distilled models: {@code ${XDG_CACHE_HOME:-~/.cache}/memloop/embedders/<teacher>-pca<dims>/}
 * (or {@code -Dmemloop.cache.dir}), keyed by the teacher's hash. A model is written to a temporary directory
 * and renamed into place atomically, with a manifest written last that holds the SHA-256 of every file of the
 * model (the tensors, the tokenizer, the config); a directory whose manifest is missing, lists fewer files, or
 * whose files do not match their hashes is partial or corrupt, and is rebuilt (a tokenizer with two ids swapped
 * passed the old check, which hashed the tensors only, and embedded differently under the same label).
 *
 * <p>Thread-safe and safe across processes: concurrent distillations each write their own temporary
 * directory and the first rename wins.
 */
public final class DistilledModels {

  /** One cached model, as {@code memloop embedder info} shows it. */
  public record Cached(Path directory, boolean valid, String teacher, int dimensions, int tokens, long bytes,
      String created, double seconds) {}

  static final String MANIFEST = "memloop-distill.json";
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Logger LOG = LoggerFactory.getLogger(DistilledModels.class);

  private DistilledModels() {}

  public static Path cacheRoot() {
    String override = System.getProperty("memloop.cache.dir");
    if (override != null && !override.isBlank()) {
      return Path.of(override).resolve("embedders");
    }
    String xdg = System.getenv("XDG_CACHE_HOME");
    Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
    return base.resolve("memloop").resolve("embedders");
  }

  public static Path directoryFor(Path root, TeacherModel teacher, Distiller.Options options) {
    return root.resolve(directoryName(teacher.sha256(), options));
  }

  /** A model's directory name: the teacher's hash (16 hex digits), the dimensions, and the token limit if any. */
  static String directoryName(String teacherSha256, Distiller.Options options) {
    return teacherSha256.substring(0, 16) + "-pca" + options.dimensions()
        + (options.tokenLimit() > 0 ? "-first" + options.tokenLimit() : "");
  }

  /** The cached model for these options, distilled first if missing or broken. */
  public static StaticEmbedder loadOrDistill(Path root, TeacherModel teacher, Distiller.Options options,
      Distiller.Progress progress) {
    Path target = directoryFor(root, teacher, options);
    boolean unreadable = false;
    if (valid(target)) {
      try {
        return StaticEmbedder.load(target);
      } catch (InvalidModelException e) {
        LOG.warn("cached model {} is unreadable ({}); distilling it again", target, e.getMessage());
        unreadable = true;
      }
    } else if (Files.exists(target)) {
      LOG.warn("cached model {} is partial or corrupt; distilling it again", target);
    }
    distillInto(target, teacher, options, progress, unreadable);
    return StaticEmbedder.load(target);
  }

  /** Distills into {@code target} through a temporary directory, replacing a broken one. */
  public static void distillInto(Path target, TeacherModel teacher, Distiller.Options options, Distiller.Progress progress) {
    distillInto(target, teacher, options, progress, false);
  }

  /**
   * @param replace replace {@code target} even if its hashes match (its files check out but do not load: a
   *     manifest written over a model it did not describe)
   */
  private static void distillInto(Path target, TeacherModel teacher, Distiller.Options options,
      Distiller.Progress progress, boolean replace) {
    try {
      Files.createDirectories(target.getParent());
      removeStaleTemporaries(target);
      Path temporary = Files.createTempDirectory(target.getParent(), target.getFileName() + ".tmp-");
      long start = System.nanoTime();
      Distiller.distill(teacher, options, temporary, progress);
      writeManifest(temporary, teacher, options, (System.nanoTime() - start) / 1e9);
      if (Files.exists(target) && (replace || !valid(target))) {
        deleteTree(target);
      }
      try {
        Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE);
      } catch (FileAlreadyExistsException | DirectoryNotEmptyException e) {
        deleteTree(temporary); // another process got there first with the same model
      } catch (AtomicMoveNotSupportedException e) {
        throw new IOException("the cache directory " + target.getParent() + " does not support atomic renames", e);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("could not distill into " + target + ": " + e.getMessage(), e);
    }
  }

  /** The files of a model, each hashed in its manifest. */
  static final List<String> FILES = List.of("config.json", "tokenizer.json", "model.safetensors");

  /** How old a distillation's temporary directory must be to count as abandoned (its process died). */
  static final java.time.Duration ABANDONED = java.time.Duration.ofHours(1);

  /** Whether {@code directory} holds a complete model whose every file matches its hash in the manifest. */
  public static boolean valid(Path directory) {
    Path manifest = directory.resolve(MANIFEST);
    if (!Files.isRegularFile(manifest)) {
      return false;
    }
    try {
      JsonNode hashes = JSON.readTree(manifest.toFile()).path("files");
      for (String file : FILES) {
        Path path = directory.resolve(file);
        if (!hashes.has(file) || !Files.isRegularFile(path)
            || !TeacherFiles.sha256(Files.readAllBytes(path)).equals(hashes.path(file).asText())) {
          return false;
        }
      }
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * Deletes temporary directories of distillations into {@code target} that were abandoned (a process killed
   * mid-distillation left one of 16 MB at every attempt); recent ones may belong to a distillation still running.
   */
  private static void removeStaleTemporaries(Path target) throws IOException {
    String prefix = target.getFileName() + ".tmp-";
    long before = System.currentTimeMillis() - ABANDONED.toMillis();
    try (Stream<Path> siblings = Files.list(target.getParent())) {
      for (Path sibling : (Iterable<Path>) siblings::iterator) {
        if (sibling.getFileName().toString().startsWith(prefix)
            && Files.getLastModifiedTime(sibling).toMillis() < before) {
          deleteTree(sibling);
        }
      }
    }
  }

  /** Every model in the cache, valid or not, newest first. */
  public static List<Cached> list(Path root) {
    List<Cached> out = new ArrayList<>();
    if (!Files.isDirectory(root)) {
      return out;
    }
    try (Stream<Path> dirs = Files.list(root)) {
      for (Path dir : (Iterable<Path>) dirs.filter(Files::isDirectory).sorted()::iterator) {
        JsonNode manifest = readManifest(dir);
        out.add(new Cached(dir, valid(dir), manifest.path("teacher").asText("?"), manifest.path("dimensions").asInt(0),
            manifest.path("tokens").asInt(0), size(dir), manifest.path("created").asText("?"),
            manifest.path("seconds").asDouble(0)));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + root, e);
    }
    out.sort(Comparator.comparing(Cached::created).reversed());
    return out;
  }

  private static void writeManifest(Path dir, TeacherModel teacher, Distiller.Options options, double seconds)
      throws IOException {
    JsonNode config = JSON.readTree(dir.resolve("config.json").toFile());
    ObjectNode manifest = JSON.createObjectNode();
    manifest.put("teacher", teacher.name());
    manifest.put("teacher_sha256", teacher.sha256());
    manifest.put("dimensions", options.dimensions());
    manifest.put("token_limit", options.tokenLimit());
    manifest.put("tokens", config.path("tokens").asInt());
    manifest.put("model_sha256", TeacherFiles.sha256(Files.readAllBytes(dir.resolve("model.safetensors"))));
    ObjectNode files = manifest.putObject("files"); // every file, so that a damaged tokenizer is caught too
    for (String file : FILES) {
      files.put(file, TeacherFiles.sha256(Files.readAllBytes(dir.resolve(file))));
    }
    manifest.put("seconds", Math.round(seconds * 10) / 10.0);
    manifest.put("created", Instant.now().toString());
    Files.write(dir.resolve(MANIFEST), JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(manifest));
  }

  private static JsonNode readManifest(Path dir) {
    try {
      return JSON.readTree(dir.resolve(MANIFEST).toFile());
    } catch (IOException e) {
      return JSON.createObjectNode();
    }
  }

  private static long size(Path dir) throws IOException {
    try (Stream<Path> files = Files.walk(dir)) {
      return files.filter(Files::isRegularFile).mapToLong(f -> f.toFile().length()).sum();
    }
  }

  static void deleteTree(Path dir) throws IOException {
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path p : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) {
        Files.deleteIfExists(p);
      }
    }
  }
}
