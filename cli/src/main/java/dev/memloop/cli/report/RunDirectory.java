package dev.memloop.cli.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/**
 * {@code results/<run-id>/}: where one run writes {@code run.json}, its JSON records and {@code report.md}.
 * Run ids are the command and a timestamp, so runs never overwrite each other.
 */
public final class RunDirectory {

  private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS");
  public static final ObjectMapper JSON = new ObjectMapper().registerModule(new JavaTimeModule())
      .enable(SerializationFeature.INDENT_OUTPUT)
      .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);

  private final Path dir;
  private final String runId;

  private RunDirectory(Path dir, String runId) {
    this.dir = dir;
    this.runId = runId;
  }

  /** Creates {@code <root>/<name>-<timestamp>}. */
  public static RunDirectory create(Path root, String name) {
    String runId = name + "-" + LocalDateTime.now().format(STAMP);
    Path dir = root.resolve(runId);
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create the results directory " + dir.toAbsolutePath(), e);
    }
    return new RunDirectory(dir, runId);
  }

  /** The default results root: {@code results/} under {@code -Dmemloop.home} (the launcher sets it) or here. */
  public static Path defaultRoot() {
    String home = System.getProperty("memloop.home");
    return (home == null ? Path.of("") : Path.of(home)).resolve("results");
  }

  public String runId() {
    return runId;
  }

  public Path path() {
    return dir;
  }

  /** {@code value} as JSON, written whole or not at all ({@link AtomicFiles}). */
  public Path writeJson(String file, Object value) {
    Path target = dir.resolve(file);
    try {
      AtomicFiles.write(target, out -> JSON.writer().without(
          com.fasterxml.jackson.core.JsonGenerator.Feature.AUTO_CLOSE_TARGET).writeValue(out, value));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + target + ": " + e.getMessage(), e);
    }
    return target;
  }

  /** {@code text}, written whole or not at all. */
  public Path writeText(String file, String text) {
    Path target = dir.resolve(file);
    try {
      AtomicFiles.write(target, out -> out.write(text.getBytes(StandardCharsets.UTF_8)));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + target + ": " + e.getMessage(), e);
    }
    return target;
  }

  /**
   * Marks the run complete: an empty {@code COMPLETE} file, written after every other file of the run. A results
   * directory without it is a run that failed or was killed; its files are whole, but there may be fewer of them.
   */
  public Path markComplete() {
    return writeText(COMPLETE, "");
  }

  /** The completion marker's name. */
  public static final String COMPLETE = "COMPLETE";
}
