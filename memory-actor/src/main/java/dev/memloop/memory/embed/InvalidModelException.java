package dev.memloop.memory.embed;

import java.nio.file.Path;

/** A model file is missing, truncated or inconsistent; the message names the file and what is wrong. */
public final class InvalidModelException extends IllegalArgumentException {

  private static final long serialVersionUID = 1L;

  public InvalidModelException(Path file, String problem) {
    super(file.toAbsolutePath() + " " + problem);
  }
}
