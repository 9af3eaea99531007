package dev.memloop.runtime.step;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.Optional;

/**
 * How the guard tells which thing an action is about: read from its line by the agent's identifier extractor (the
 * default), given as an idempotency key, or given as a structured call's arguments. Two actions are the same act
 * only if their identities agree exactly; then the rest of their words is compared by meaning (a keyed action has
 * none: the same key is the same act). Immutable. Named by type in a step record's serialized form (a turn's
 * result crosses the cluster), so that a key or a call comes back as one.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "by")
@JsonSubTypes({@JsonSubTypes.Type(value = ActionIdentity.FromLine.class, name = "line"),
    @JsonSubTypes.Type(value = ActionIdentity.Key.class, name = "key"),
    @JsonSubTypes.Type(value = ActionIdentity.Call.class, name = "call")})
public sealed interface ActionIdentity {

  /** Read from the line: its identifiers must agree as sets, the rest of its words by meaning. */
  ActionIdentity FROM_LINE = new FromLine();

  /** The longest idempotency key. */
  int MAX_KEY_LENGTH = 256;

  /** An idempotency key: the same key is the same act, whatever the words. */
  static ActionIdentity key(String key) {
    return new Key(key);
  }

  /** A structured call's arguments, exactly; its verb by meaning. */
  static ActionIdentity of(ActionCall call) {
    return new Call(call);
  }

  /** The structured call, when the action is one. */
  default Optional<ActionCall> call() {
    return this instanceof Call c ? Optional.of(c.actionCall()) : Optional.empty();
  }

  /** The idempotency key, when the action has one. */
  default Optional<String> idempotencyKey() {
    return this instanceof Key k ? Optional.of(k.key()) : Optional.empty();
  }

  /** Identifiers read from the line ({@link #FROM_LINE}). */
  record FromLine() implements ActionIdentity {}

  /** An idempotency key: non-blank, at most {@value #MAX_KEY_LENGTH} characters. */
  record Key(String key) implements ActionIdentity {
    public Key {
      if (key == null || key.isBlank()) {
        throw new IllegalArgumentException("an idempotency key must not be null or blank: "
            + (key == null ? "null" : "'" + key + "'"));
      }
      if (key.length() > MAX_KEY_LENGTH) {
        throw new IllegalArgumentException("an idempotency key may have at most " + MAX_KEY_LENGTH + " characters: "
            + key.length());
      }
    }
  }

  /** A structured call. */
  record Call(ActionCall actionCall) implements ActionIdentity {
    public Call {
      if (actionCall == null) {
        throw new IllegalArgumentException("a structured action needs its call");
      }
    }
  }
}
