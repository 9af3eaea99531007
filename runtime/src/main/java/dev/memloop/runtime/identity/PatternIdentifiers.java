package dev.memloop.runtime.identity;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@link IdentifierExtractor#pattern}: a user's pattern, each match (or its first group) one identifier. */
final class PatternIdentifiers implements IdentifierExtractor {

  private final String name;
  private final Pattern pattern;
  private final UnaryOperator<String> canonical;

  public PatternIdentifiers(String name, Pattern pattern, UnaryOperator<String> canonical) {
    if (name == null || name.isBlank() || pattern == null || canonical == null) {
      throw new IllegalArgumentException("a pattern extractor needs a name, a pattern and a canonical form: " + name
          + ", " + pattern);
    }
    this.name = name;
    this.pattern = pattern;
    this.canonical = canonical;
  }

  @Override
  public Identifiers extract(String text) {
    Matcher m = pattern.matcher(text);
    List<String> ids = new ArrayList<>(2);
    StringBuilder wording = new StringBuilder(text.length());
    int end = 0;
    while (m.find()) {
      if (m.end() == m.start()) {
        continue; // an empty match names nothing
      }
      wording.append(text, end, m.start()).append(' ');
      end = m.end();
      String found = m.groupCount() >= 1 && m.group(1) != null ? m.group(1) : m.group();
      String id = canonical.apply(found);
      if (id == null || id.isBlank()) {
        throw new IllegalStateException("identifier extractor " + name + " made '" + found + "' into no identifier");
      }
      ids.add(id);
    }
    wording.append(text, end, text.length());
    return new Identifiers(ids, Wording.tidy(wording));
  }

  @Override
  public String name() {
    return name;
  }
}
