package dev.memloop.cli.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** A command's scratch directories (a database's data, nodes' snapshots), removed when the run no longer needs them. */
public final class Directories {

  private Directories() {}

  /** Deletes {@code dir} and everything under it, deepest first; nothing when it does not exist. */
  public static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
