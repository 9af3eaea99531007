package dev.memloop.runtime.cluster;

import dev.memloop.runtime.RuntimeMessage;
import java.util.Map;

/**
 * One blackboard post as it travels between nodes in Distributed Data: immutable, identified by the id its
 * origin node gave it ({@code <node>#<n>}), so a grow-only set holds each post once however often it is
 * gossiped. {@code postedAtMicros} is the origin's wall clock when the post was acknowledged locally: on one
 * machine (or NTP-synchronised ones) a receiving node's clock minus it is the propagation delay.
 */
public record BoardEntry(String globalId, String author, String text, float[] vector, Map<String, Object> metadata,
    long postedAtMicros) implements RuntimeMessage {

  // identity is the id alone: a record's generated equals would compare the vector array by reference
  @Override
  public boolean equals(Object other) {
    return other instanceof BoardEntry entry && entry.globalId.equals(globalId);
  }

  @Override
  public int hashCode() {
    return globalId.hashCode();
  }

  @Override
  public String toString() {
    return "BoardEntry[" + globalId + " by " + author + ": " + text + "]";
  }
}
