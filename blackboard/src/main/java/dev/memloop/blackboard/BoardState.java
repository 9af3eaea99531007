package dev.memloop.blackboard;

import dev.memloop.memory.Embedder;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.pekko.actor.typed.ActorRef;

/**
 * What a blackboard keeps across restarts of its behavior: the memory (and so every acknowledged post), the
 * post sequence, the counters and the subscriptions. Written only by the blackboard's actor; the memory
 * itself is thread-safe for the readers that share it.
 */
final class BoardState {

  final BoardMemory memory;
  final Embedder embedder;
  final PostLimits limits;
  final Map<ActorRef<Blackboard.Notification>, Subscription> subscriptions = new LinkedHashMap<>();
  long sequence;
  long posted;
  long rejected;
  boolean started;
  int restarts;

  BoardState(BoardMemory memory, Embedder embedder, PostLimits limits) {
    this.memory = memory;
    this.embedder = embedder;
    this.limits = limits;
  }

  /** One subscriber's query, as a unit vector, and its threshold. */
  record Subscription(float[] unitQuery, double threshold) {}
}
