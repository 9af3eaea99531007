package dev.memloop.cli.report;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * A results file written whole or not at all: into a temporary file beside it, forced to the disk, then renamed
 * over the target in one step. A full disk, a failing serializer or a {@code kill -9} mid-write leaves the previous
 * file (or none) and at most a {@code .tmp} sibling, never a truncated {@code agents.json}.
 */
public final class AtomicFiles {

  /** Writes the file's content. */
  @FunctionalInterface
  public interface Body {
    void writeTo(OutputStream out) throws IOException;
  }

  private AtomicFiles() {}

  public static void write(Path target, Body body) throws IOException {
    Path temporary = target.resolveSibling("." + target.getFileName() + ".tmp");
    try {
      try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
          StandardOpenOption.TRUNCATE_EXISTING)) {
        OutputStream out = Channels.newOutputStream(channel);
        body.writeTo(out);
        out.flush();
        channel.force(true); // on the disk before the rename makes it the file
      }
      Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      forceDirectory(target.toAbsolutePath().getParent());
    } catch (IOException | RuntimeException e) {
      Files.deleteIfExists(temporary);
      throw e;
    }
  }

  /**
   * The rename itself on the disk: a directory's entry survives a power loss only once the directory is forced.
   * Linux and macOS open a directory for reading; where a platform cannot (Windows), the rename is still atomic.
   */
  private static void forceDirectory(Path dir) {
    try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
      channel.force(true);
    } catch (IOException notOnThisPlatform) {
      // atomic without it; durable across a power loss only with it
    }
  }
}
