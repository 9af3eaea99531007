package dev.memloop.memory;

import java.util.ConcurrentModificationException;

/**
 * A single-owner {@link WorkingMemory} (the default; not built {@code threadSafe()}) was entered by a thread while
 * another was inside it. Thrown to the second thread before it changes or reads anything, so that the misuse is
 * found, not absorbed: without the check, concurrent writes were lost silently (ids returned whose items never
 * appeared, vectors left empty). As {@code KafkaConsumer} does, use from several threads one after another is
 * allowed; use at the same time is not.
 */
public final class ConcurrentMemoryUseException extends ConcurrentModificationException {

  private static final long serialVersionUID = 1L;

  ConcurrentMemoryUseException(String thread, long insideId) {
    super("a single-owner working memory was entered by thread '" + thread + "' while "
        + (insideId < 0 ? "another thread" : "thread #" + insideId) + " was inside it: give each thread (each agent) its own memory, or build a shared one with "
        + "WorkingMemory.builder(...).threadSafe()");
  }
}
