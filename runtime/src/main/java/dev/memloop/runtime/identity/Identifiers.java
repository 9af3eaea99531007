package dev.memloop.runtime.identity;

import dev.memloop.memory.ItemIdentity;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * What an {@link IdentifierExtractor} read from a line: its identifiers, canonical, distinct and sorted (a set: the
 * order they were written in does not matter), and its wording, the rest of the line, which is compared by meaning.
 * Immutable.
 *
 * @param ids the canonical identifiers (none for a line of words only)
 * @param wording the line without them, spaces collapsed; may be empty (a line that is all identifiers)
 */
public record Identifiers(List<String> ids, String wording) {

  /** The longest identifier kept: a longer one is refused by name (it would be a text, not an id). */
  public static final int MAX_ID_LENGTH = 512;

  public Identifiers {
    if (ids == null || wording == null) {
      throw new IllegalArgumentException("identifiers need their ids and their wording (empty, not null)");
    }
    for (String id : ids) {
      if (id == null || id.isBlank()) {
        throw new IllegalArgumentException("an identifier must not be null or blank: " + ids);
      }
      if (id.length() > MAX_ID_LENGTH) {
        throw new IllegalArgumentException("an identifier may have at most " + MAX_ID_LENGTH + " characters: "
            + id.length() + " (" + id.substring(0, 40) + "...)");
      }
    }
    ids = ids.size() <= 1 ? List.copyOf(ids) : List.copyOf(new TreeSet<>(ids)); // a set, sorted: the order is no one's
  }

  /** Whether the line names nothing: it is matched by meaning alone, among actions that name nothing either. */
  public boolean none() {
    return ids.isEmpty();
  }

  /**
   * The identity two lines with these identifiers share, as items carry it ({@code memloop.identity}):
   * {@code ids:["100 USD","order-42"]}, a JSON array of the identifiers after a prefix; null when there are none.
   * What to write beside an action posted or stored directly, so that the guard finds it.
   */
  public String identity() {
    return ItemIdentity.ofIds(ids);
  }

  /**
   * What {@code extractor} reads from {@code line}, for callers that run a user's extractor: a failure, or no answer,
   * is an {@link IllegalStateException} naming the extractor and the line.
   */
  public static Identifiers read(IdentifierExtractor extractor, String line) {
    Identifiers found;
    try {
      found = extractor.extract(line);
    } catch (RuntimeException e) {
      throw new IllegalStateException("identifier extractor " + extractor.name() + " failed on '" + line + "': " + e,
          e);
    }
    if (found == null) {
      throw new IllegalStateException("identifier extractor " + extractor.name() + " returned nothing for '" + line
          + "'");
    }
    return found;
  }

  /** These identifiers and {@code more}'s, with {@code more}'s wording (what a second extractor left). */
  Identifiers with(Identifiers more) {
    List<String> all = new ArrayList<>(ids);
    all.addAll(more.ids);
    return new Identifiers(all, more.wording);
  }
}
