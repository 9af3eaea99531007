package dev.memloop.memory;

/** An add named an id that is already stored. Ids are never silently overwritten; remove the old item first. */
public final class DuplicateIdException extends IllegalArgumentException {

  private static final long serialVersionUID = 1L;

  public DuplicateIdException(String id) {
    super("id already stored: '" + id + "' (ids are never overwritten; remove the old item first)");
  }
}
