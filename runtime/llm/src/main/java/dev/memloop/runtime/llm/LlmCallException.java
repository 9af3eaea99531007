package dev.memloop.runtime.llm;

/**
 * A model call that failed for good (retries spent, a timeout, an error answer). Its message is redacted and it
 * carries no cause: the client's exceptions may quote the request, and with it the key.
 */
public final class LlmCallException extends RuntimeException {

  private final boolean timedOut;

  LlmCallException(String message, boolean timedOut) {
    super(message, null, false, false);
    this.timedOut = timedOut;
  }

  public boolean timedOut() {
    return timedOut;
  }
}
