package dev.memloop.runtime.internal.identity;

import dev.memloop.runtime.identity.IdentifierExtractor;

/**
 * An action as the guard compares it: the line it stores and shows, the identity two actions must share exactly (the
 * item's {@code memloop.identity}; null when the action names nothing), and the words it compares by meaning (what is
 * embedded: the action's content words). Immutable.
 *
 * @param line the action line
 * @param identity the canonical identity, or null for none
 * @param wording the text embedded for the comparison by meaning
 * @param keyed whether the identity is an idempotency key (the same key is the same act, whatever the words)
 * @param resolveNanos what reading the identity cost (charged to the guard's lookup with the embedding)
 * @param extractor the extractor that read it, to read a stored action's wording the same way; null for a key
 */
public record GuardKey(String line, String identity, String wording, boolean keyed, long resolveNanos,
    IdentifierExtractor extractor) {

  public GuardKey {
    if (line == null || line.isBlank() || wording == null || wording.isBlank()) {
      throw new IllegalArgumentException("a guard key needs a line and a wording: " + line + ", " + wording);
    }
    if (keyed && identity == null) {
      throw new IllegalArgumentException("a keyed action needs its identity: " + line);
    }
  }

  /**
   * Whether a stored action of this key's identity, {@code storedLine}, is the opposite act ({@link Contrast}): read
   * the way this key was, so that the two wordings compare like for like.
   */
  public boolean opposes(String storedLine) {
    if (keyed || storedLine == null || storedLine.isBlank()) {
      return false;
    }
    return Contrast.opposed(wording, GuardKeys.wordingOfLine(storedLine, extractor));
  }
}
