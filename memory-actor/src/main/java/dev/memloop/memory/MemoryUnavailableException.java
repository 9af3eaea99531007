package dev.memloop.memory;

/**
 * A memory kept elsewhere (a database) could not be reached or did not answer in time: nothing changed, and the
 * same call may succeed once it is back. Not a refusal of the input ({@link IllegalArgumentException}) nor a
 * closed memory ({@link MemoryClosedException}): a store that serves such a memory answers its callers that the
 * memory is unavailable, and a guard treats the lookup as failed (its step runs unguarded and is counted).
 */
public final class MemoryUnavailableException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public MemoryUnavailableException(String message, Throwable cause) {
    super(message, cause);
  }
}
