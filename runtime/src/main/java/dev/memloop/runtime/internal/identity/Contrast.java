package dev.memloop.runtime.internal.identity;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Two wordings that differ by a word and its negation or reversal ({@code lock} / {@code unlock}, {@code block} /
 * {@code unblock}, {@code assign} / {@code unassign}, {@code open} / {@code reopen}) name opposite acts, however close
 * an embedder puts them: a static embedder scores {@code lock the user account} and {@code unlock the user account}
 * 0.88, above most true rewordings. The guard never calls such a pair a repeat. Stateless.
 */
public final class Contrast {

  /** English prefixes that negate or reverse the word they lead. */
  static final List<String> PREFIXES = List.of("un", "dis", "de", "re", "non", "anti", "in", "im");

  private Contrast() {}

  /** Whether the content words {@code a} and {@code b} (space-separated) differ by a prefixed twin. */
  public static boolean opposed(String a, String b) {
    if (a.equals(b)) {
      return false;
    }
    Set<String> onlyA = new HashSet<>(Arrays.asList(a.split(" ")));
    Set<String> onlyB = new HashSet<>(Arrays.asList(b.split(" ")));
    Set<String> shared = new HashSet<>(onlyA);
    shared.retainAll(onlyB);
    onlyA.removeAll(shared);
    onlyB.removeAll(shared);
    for (String x : onlyA) {
      for (String y : onlyB) {
        if (prefixed(x, y) || prefixed(y, x)) {
          return true;
        }
      }
    }
    return false;
  }

  /** Whether {@code longer} is {@code word} led by one of the prefixes (and a hyphen, optionally). */
  private static boolean prefixed(String longer, String word) {
    if (longer.length() <= word.length() || !longer.endsWith(word)) {
      return false;
    }
    String head = longer.substring(0, longer.length() - word.length());
    if (head.endsWith("-")) {
      head = head.substring(0, head.length() - 1);
    }
    return PREFIXES.contains(head);
  }
}
