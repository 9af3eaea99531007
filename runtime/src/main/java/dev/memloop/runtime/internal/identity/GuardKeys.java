package dev.memloop.runtime.internal.identity;

import dev.memloop.runtime.identity.IdentifierExtractor;
import dev.memloop.runtime.identity.Identifiers;
import dev.memloop.runtime.step.ActionCall;
import dev.memloop.runtime.step.ActionIdentity;
import dev.memloop.memory.ItemIdentity;
import dev.memloop.memory.timing.Ticker;

/**
 * Turns an action into what the guard compares ({@link GuardKey}), one rule for every guard (the action guard, the
 * tool guard's semantic mode, the board's, dedup-on-write):
 * <ul>
 *   <li>a plain line: the extractor's identifiers as {@code ids:["order-42"]} (none: no identity), its content words
 *       by meaning;
 *   <li>a key: {@code key:<key>}, matched whatever the words;
 *   <li>a structured call: {@code args:{"order":"42"}}, its verb's content words by meaning.
 * </ul>
 * Identities are JSON after a prefix, so that no two different sets of identifiers or arguments read the same.
 */
public final class GuardKeys {

  private GuardKeys() {}

  /**
   * The key of an action.
   *
   * @throws IllegalStateException naming the extractor, when it throws or answers nothing
   */
  public static GuardKey of(String line, ActionIdentity identity, IdentifierExtractor extractor, Ticker ticker) {
    long start = ticker.nanoTime();
    GuardKey key;
    if (identity instanceof ActionIdentity.Key k) {
      key = new GuardKey(line, ItemIdentity.ofKey(k.key()), wordingOf(line, line), true, 0, null);
    } else if (identity instanceof ActionIdentity.Call c) {
      ActionCall call = c.actionCall();
      key = new GuardKey(line, ItemIdentity.ofArguments(call.arguments()), wordingOf(call.verb(), line), false, 0, extractor);
    } else {
      key = ofLine(line, extractor);
    }
    long nanos = ticker.nanoTime() - start;
    return new GuardKey(key.line(), key.identity(), key.wording(), key.keyed(), nanos, key.extractor());
  }

  /** A plain line's key, without timing (a write outside a step: a note's dedup, a tool call's record). */
  public static GuardKey ofLine(String line, IdentifierExtractor extractor) {
    Identifiers found = Identifiers.read(extractor, line);
    return new GuardKey(line, found.identity(), wordingOf(found.wording(), line), false, 0, extractor);
  }

  /** The content words a plain line is compared by, as {@link #ofLine} reads them. */
  static String wordingOfLine(String line, IdentifierExtractor extractor) {
    return wordingOf(Identifiers.read(extractor, line).wording(), line);
  }

  /** The content words of {@code wording}; the whole line's when it has none (a line that is all identifiers). */
  private static String wordingOf(String wording, String line) {
    String words = ContentWords.of(wording);
    if (!words.isEmpty()) {
      return words;
    }
    String whole = ContentWords.of(line);
    return whole.isEmpty() ? line.strip() : whole;
  }
}
