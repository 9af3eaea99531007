package dev.memloop.cli;

import dev.memloop.cli.command.Failures;
import dev.memloop.cli.command.Options;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code memloop memory audit --data DIR --text T}: which files under a data directory still hold a text. */
@Command(name = "audit", mixinStandardHelpOptions = true,
    description = {"Reports every file under a data directory that still holds a text as bytes (UTF-8), with where: "
        + "what shows that a forgotten note is gone from disk, not only unanswered. Exits 1 when any file holds it, "
        + "0 when none does. Reads every file, journals and whatever else is there; the free blocks of the file system "
        + "are not files, and are not read."})
final class MemoryAuditCommand implements Callable<Integer> {

  /** The most places listed per file. */
  static final int SHOWN = 10;

  @CommandLine.Spec
  private CommandLine.Model.CommandSpec spec;

  @Option(names = "--data", required = true, paramLabel = "DIR", description = "The data directory.")
  private Path data;

  @Option(names = "--text", required = true, paramLabel = "TEXT", description = "The text to look for.")
  private String text;

  @Override
  public Integer call() {
    Options.require(spec, Files.isDirectory(data), "--data " + data + ": not a directory");
    Options.require(spec, text != null && !text.isBlank(), "--text must not be blank");
    byte[] needle = text.getBytes(StandardCharsets.UTF_8);
    PrintWriter out = spec.commandLine().getOut();
    int files = 0;
    int holding = 0;
    try (Stream<Path> walk = Files.walk(data)) {
      for (Path file : (Iterable<Path>) walk.filter(Files::isRegularFile).sorted()::iterator) {
        files++;
        List<Long> at = find(file, needle);
        if (!at.isEmpty()) {
          holding++;
          out.println(file + ": holds it at byte" + (at.size() == 1 ? " " : "s ") + shown(at));
        }
      }
    } catch (IOException | UncheckedIOException e) {
      throw new IllegalStateException("--data " + data + " could not be read whole: " + e.getMessage(), e);
    }
    out.println(holding == 0 ? "no file under " + data + " holds it (" + files + " files read)"
        : holding + " of " + files + " files under " + data + " hold it");
    out.flush();
    return holding == 0 ? 0 : Failures.FAILED;
  }

  private static String shown(List<Long> at) {
    List<String> first = new ArrayList<>();
    for (int i = 0; i < Math.min(SHOWN, at.size()); i++) {
      first.add(Long.toString(at.get(i)));
    }
    return String.join(", ", first) + (at.size() > SHOWN ? " and " + (at.size() - SHOWN) + " more" : "");
  }

  /** Where {@code needle} starts in {@code file}, read as a stream (a journal may be larger than the heap). */
  static List<Long> find(Path file, byte[] needle) throws IOException {
    List<Long> at = new ArrayList<>();
    byte[] window = new byte[needle.length];
    int filled = 0;
    long offset = 0; // of the byte read next
    try (InputStream in = new java.io.BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
      for (int b = in.read(); b >= 0; b = in.read()) {
        if (filled < window.length) {
          window[filled++] = (byte) b;
        } else {
          System.arraycopy(window, 1, window, 0, window.length - 1);
          window[window.length - 1] = (byte) b;
        }
        offset++;
        if (filled == window.length && java.util.Arrays.equals(window, needle)) {
          at.add(offset - needle.length);
        }
      }
    }
    return at;
  }
}
