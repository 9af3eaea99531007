package dev.memloop.runtime.identity;

import java.util.function.UnaryOperator;
import java.util.regex.Pattern;

/**
 * Reads the identifiers out of a line: the parts that must agree exactly for two lines to be about the same thing
 * ({@code order-42}, {@code $100}, {@code 2026-03-04}, {@code web-03}), and what remains, the line's wording, which
 * the guard compares by meaning. {@code refund order-42} and {@code issue a refund for order-42} share their
 * identifiers and mean the same; {@code refund order-43} means the same and is another act.
 *
 * <p>{@link #standard()} is the default of every agent; replace or extend it per agent with
 * {@code AgentSpec.Builder.identifiers(...)}, for example {@code standard().andThen(pattern("sku",
 * Pattern.compile("SKU-\\d+"), String::toUpperCase))}. Implementations are called on the agent's thread before every
 * guarded action, so they must be fast (microseconds) and thread-safe (one instance may serve many agents); one that
 * throws fails the step with its {@link #name()} in the message, and the action does not run.
 */
@FunctionalInterface
public interface IdentifierExtractor {

  /**
   * The identifiers of {@code text} (canonical, so that {@code $100} and {@code 100 USD} agree) and its wording.
   *
   * @param text a non-blank line
   */
  Identifiers extract(String text);

  /** How error messages and the run's records name this extractor. */
  default String name() {
    return getClass().getName();
  }

  /**
   * The default: URLs, e-mail addresses, quoted strings, the values of {@code key=value} pairs that look like
   * identifiers, dates and times (canonical ISO: {@code 2026-03-04}, {@code 14:00}), amounts with their currency
   * ({@code 100 USD}), IPv4 addresses, host names, versions, ids that mix letters and digits ({@code order-42},
   * {@code BK-7781}, {@code INV-2024-118}, {@code web-03}; lower case) and numbers ({@code #4411} is {@code 4411}).
   * A word-valued pair ({@code sig=ssh-bruteforce}) is wording, not an identifier (docs/BENCHMARKS.md, "The action
   * guard", says why).
   */
  static IdentifierExtractor standard() {
    return StandardIdentifiers.INSTANCE;
  }

  /** No identifiers at all: every line is matched by meaning alone (the guard before identities). */
  static IdentifierExtractor none() {
    return NoIdentifiers.INSTANCE;
  }

  /**
   * An extractor of the matches of {@code pattern} (its first group when it has one, else the whole match), each
   * made canonical by {@code canonical}; the rest of the line is its wording.
   *
   * @param name how errors and records name it
   */
  static IdentifierExtractor pattern(String name, Pattern pattern, UnaryOperator<String> canonical) {
    return new PatternIdentifiers(name, pattern, canonical);
  }

  /**
   * This extractor, then {@code more} on the wording this one left: the identifiers of both, the wording of the
   * second. {@code standard().andThen(mine)} extends the default; {@code mine.andThen(standard())} lets one's own
   * patterns take their text before the default sees it.
   */
  default IdentifierExtractor andThen(IdentifierExtractor more) {
    if (more == null) {
      throw new IllegalArgumentException("the extractor to run after " + name() + " must not be null");
    }
    IdentifierExtractor first = this;
    return new IdentifierExtractor() {
      @Override
      public Identifiers extract(String text) {
        Identifiers one = first.extract(text);
        if (one.wording().isBlank()) {
          return one;
        }
        return one.with(more.extract(one.wording()));
      }

      @Override
      public String name() {
        return first.name() + " then " + more.name();
      }
    };
  }
}
