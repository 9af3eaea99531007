package dev.memloop.memory.embed;

/**
 * No model to embed with where one was asked for: the message names the artifact or directory that would serve.
 */
public final class MissingModelException extends IllegalStateException {

  private static final long serialVersionUID = 1L;

  public MissingModelException(String message) {
    super(message);
  }
}
