package dev.memloop.runtime.identity;

import java.util.List;

/** {@link IdentifierExtractor#none()}: every line is all wording. */
final class NoIdentifiers implements IdentifierExtractor {

  static final NoIdentifiers INSTANCE = new NoIdentifiers();

  private NoIdentifiers() {}

  @Override
  public Identifiers extract(String text) {
    return new Identifiers(List.of(), text);
  }

  @Override
  public String name() {
    return "none";
  }
}
