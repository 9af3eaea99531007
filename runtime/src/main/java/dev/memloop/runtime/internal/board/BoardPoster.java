package dev.memloop.runtime.internal.board;

import dev.memloop.memory.MemoryKind;
import dev.memloop.blackboard.Blackboard;
import dev.memloop.memory.Recall;
import dev.memloop.runtime.internal.memory.MemoryAccess;
import dev.memloop.runtime.step.MemoryOutcome;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.pekko.actor.typed.ActorRef;

/**
 * An agent's writes to the blackboard: each is posted (a message: writes go through the blackboard actor so that
 * posts have one order) and kept as pending until acknowledged. Until then the blackboard's readers cannot see it,
 * but its own agent must: {@link #pendingMatch} and {@link #pendingRecall} let its reads count the agent's
 * unacknowledged posts, so that a duplicate one step after its original is still caught.
 *
 * <p>Not thread-safe: the owning agent calls it and forwards it the blackboard's acknowledgments.
 */
public final class BoardPoster {

  private final String author;
  private final ActorRef<Blackboard.Command> board;
  private ActorRef<Blackboard.PostReply> replyTo;
  private Map<Long, Pending> pending; // allocated on the first post
  private long lastRequestId;
  private long posted;
  private long rejected;
  private ArrayDeque<Deferred> deferred; // allocated when an action first has to wait for acknowledgments

  private record Pending(String line, float[] unitVector, Map<String, Object> metadata, MemoryAccess.Stored stored) {}

  private record Deferred(long postedThrough, Runnable action) {}

  /** Whether a pending post's metadata has the identity asked for (null: any; empty: none). */
  private static boolean ofIdentity(Map<String, Object> metadata, String identity) {
    if (identity == null) {
      return true;
    }
    String own = dev.memloop.memory.ItemIdentity.of(metadata);
    return identity.isEmpty() ? own == null : identity.equals(own);
  }

  public BoardPoster(String author, ActorRef<Blackboard.Command> board) {
    this.author = author;
    this.board = board;
  }

  /** Where acknowledgments go: the agent's adapter, registered anew by every (re)started behavior. */
  public void bind(ActorRef<Blackboard.PostReply> newReplyTo) {
    this.replyTo = newReplyTo;
  }

  /**
   * Posts {@code line}, pre-embedded as {@code vector} (unit length, the blackboard's embedder); {@code stored}
   * hears the acknowledgment: {@link MemoryOutcome#STORED} with the post's id, or {@link MemoryOutcome#REFUSED}
   * with the blackboard's reason.
   */
  public void post(String line, float[] vector, Map<String, Object> metadata, MemoryAccess.Stored stored) {
    long id = ++lastRequestId;
    if (pending == null) {
      pending = new LinkedHashMap<>();
    }
    pending.put(id, new Pending(line, vector, metadata, stored));
    posted++;
    board.tell(new Blackboard.Post(id, author, line, vector, metadata.isEmpty() ? null : metadata, replyTo));
  }

  /** An acknowledgment: the post is on the board (or refused) and no longer pending. */
  public void onReply(Blackboard.PostReply reply) {
    Pending acknowledged = pending == null ? null : pending.remove(reply.requestId());
    if (reply instanceof Blackboard.PostRejected refused) {
      rejected++;
      if (acknowledged != null) {
        acknowledged.stored().done(MemoryOutcome.REFUSED, refused.reason(), 0, 0);
      }
    } else if (reply instanceof Blackboard.Posted done && acknowledged != null) {
      acknowledged.stored().done(MemoryOutcome.STORED, done.id(), 0, 0);
    }
    while (deferred != null && !deferred.isEmpty() && acknowledgedThrough(deferred.peek().postedThrough())) {
      deferred.poll().action().run();
    }
  }

  /**
   * Runs {@code action} once every post made so far is acknowledged (at once when none is pending). A turn's
   * answer waits on this, so that when a turn is answered its posts are on the board: agents in lockstep then
   * see all of each other's earlier turns.
   */
  public void afterAcknowledged(Runnable action) {
    if (acknowledgedThrough(lastRequestId)) {
      action.run();
      return;
    }
    if (deferred == null) {
      deferred = new ArrayDeque<>();
    }
    deferred.add(new Deferred(lastRequestId, action));
  }

  private boolean acknowledgedThrough(long requestId) {
    // pending is in request order: everything up to requestId is acknowledged when the oldest pending is newer
    return pending == null || pending.isEmpty() || pending.keySet().iterator().next() > requestId;
  }

  /** The most similar of this agent's unacknowledged posts of {@code kind} at or above {@code threshold}, or null. */
  public Recall pendingMatch(float[] unitQuery, double threshold, MemoryKind kind, String identity) {
    if (pending == null || pending.isEmpty()) {
      return null;
    }
    Recall best = null;
    for (Map.Entry<Long, Pending> e : pending.entrySet()) {
      Map<String, Object> metadata = e.getValue().metadata();
      if (MemoryKind.of(metadata) != kind || !ofIdentity(metadata, identity)) {
        continue;
      }
      double similarity = dot(unitQuery, e.getValue().unitVector());
      if (similarity >= threshold && (best == null || similarity > best.similarity())) {
        best = pendingRecall(e.getKey(), e.getValue(), similarity);
      }
    }
    return best;
  }

  /** This agent's unacknowledged posts, each with its similarity to {@code unitQuery}, in post order. */
  public List<Recall> pendingRecall(float[] unitQuery) {
    if (pending == null || pending.isEmpty()) {
      return List.of();
    }
    List<Recall> out = new ArrayList<>(pending.size());
    for (Map.Entry<Long, Pending> e : pending.entrySet()) {
      out.add(pendingRecall(e.getKey(), e.getValue(), dot(unitQuery, e.getValue().unitVector())));
    }
    return out;
  }

  private Recall pendingRecall(long requestId, Pending post, double similarity) {
    return new Recall("pending-" + requestId, post.line(), similarity, post.metadata()); // the kind and author
  }

  public long posted() {
    return posted;
  }

  public long rejected() {
    return rejected;
  }

  public int pending() {
    return pending == null ? 0 : pending.size();
  }

  private static double dot(float[] a, float[] b) {
    double sum = 0;
    for (int i = 0; i < a.length; i++) {
      sum += (double) a[i] * b[i];
    }
    return sum;
  }
}
