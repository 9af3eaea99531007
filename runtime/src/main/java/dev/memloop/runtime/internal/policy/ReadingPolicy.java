package dev.memloop.runtime.internal.policy;

import dev.memloop.memory.Embedder;
import dev.memloop.memory.ItemIdentity;
import dev.memloop.memory.MemoryKind;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.memory.MemoryItem;
import dev.memloop.memory.MemoryQuery;
import dev.memloop.memory.Recall;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.runtime.internal.identity.GuardKey;
import dev.memloop.runtime.internal.memory.ChargedReads;
import dev.memloop.runtime.policy.LatencyBudget;
import dev.memloop.runtime.internal.memory.ReadListener;
import dev.memloop.runtime.internal.memory.WriteListener;
import dev.memloop.runtime.step.MemoryOutcome;
import dev.memloop.runtime.step.MemoryPath;
import java.util.List;
import java.util.Map;

/**
 * What the policies with a memory share: every read through the agent's {@link ChargedReads}, the write of a line
 * (embedded once, reusing the guard's embedding), and the agent's own memory when it has one.
 */
abstract sealed class ReadingPolicy extends MemoryPolicy permits PerTurnPolicy, InLoopPolicy {

  final ChargedReads reads;
  final double guardThreshold;
  final WorkingMemory ownMemory; // the agent's own memory (null on a board or a store node)
  final String author; // the agent's id: every item it writes names it
  // each kind's metadata when there is nothing else to keep: made once, so that the write of an executed action, on
  // every step that acts, allocates no map of its own
  private final Map<MemoryKind, Map<String, Object>> bareTags = new java.util.EnumMap<>(MemoryKind.class);

  ReadingPolicy(MemoryPolicyKind kind, ChargedReads reads, double guardThreshold, WorkingMemory ownMemory,
      String author, ObservationMarks marks) {
    super(kind, marks);
    this.reads = reads;
    this.guardThreshold = guardThreshold;
    this.ownMemory = ownMemory;
    this.author = author;
  }

  @Override
  public final double guardThreshold() {
    return guardThreshold;
  }

  @Override
  public final void check(MemoryQuery query) {
    reads.access().check(query);
  }

  @Override
  public final void search(MemoryQuery query, ReadListener<List<Recall>> listener) {
    reads.search(query, listener);
  }

  @Override
  public final void match(String text, double threshold, MemoryKind kind, ReadListener<Recall> listener) {
    reads.match(text, threshold, kind, listener);
  }

  /**
   * Embeds {@code text} (or takes the guard's embedding of it) and hands it to the access as an item of {@code kind}
   * by this agent; never charged.
   */
  final void write(MemoryKind kind, String text, Map<String, Object> metadata, WriteListener listener) {
    write(kind, text, text, null, metadata, listener);
  }

  /**
   * Writes an action that ran: its line, under the embedding of its wording (the guard's, kept from the lookup), with
   * its identity when it has one; never charged.
   */
  final void writeAction(GuardKey key, WriteListener listener) {
    write(MemoryKind.ACTION, key.line(), key.wording(), key.identity(),
        key.identity() == null ? Map.of() : Map.of(ItemIdentity.KEY, key.identity()), listener);
  }

  /**
   * Embeds {@code embedded} (the guard's embedding when it just looked it up) and hands {@code text} to the access
   * under it, as an item of {@code kind} by this agent; an item with an {@code identity} is kept even when its wording
   * has no known token (it is found by its identity).
   */
  private void write(MemoryKind kind, String text, String embedded, String identity, Map<String, Object> metadata,
      WriteListener listener) {
    long start = reads.ticker().nanoTime();
    float[] vector = identity == null ? reads.vectorOf(embedded) : reads.identifiedVectorOf(embedded);
    long embedNanos = reads.ticker().nanoTime() - start;
    if (Embedder.isZero(vector)) { // a text without a known token could never be found again
      listener.done(MemoryOutcome.REFUSED, "text embeds to the zero vector (no known token): '" + text + "'",
          embedNanos, 0, 0);
      return;
    }
    reads.access().add(text, vector, tagged(kind, metadata), (outcome, idOrReason, storeNanos, delayNanos) ->
        listener.done(outcome, idOrReason, embedNanos, storeNanos, delayNanos));
  }

  private Map<String, Object> tagged(MemoryKind kind, Map<String, Object> metadata) {
    return metadata.isEmpty() ? bareTags.computeIfAbsent(kind, k -> Map.copyOf(k.tag(author, Map.of())))
        : kind.tag(author, metadata);
  }

  @Override
  public final void endStep() {
    reads.forget();
  }

  @Override
  public final MemoryPath readPath() {
    return reads.access().readPath();
  }

  @Override
  public final LatencyBudget budget() {
    return reads.budget();
  }

  @Override
  public final int size() {
    return reads.access().size();
  }

  @Override
  public final WorkingMemory consolidatable() {
    return kind() == MemoryPolicyKind.NETWORKED ? null : ownMemory;
  }

  @Override
  public final List<MemoryItem> items() {
    return ownMemory == null ? List.of() : ownMemory.items();
  }

  @Override
  public final void restore(String agentId, List<MemoryItem> items) {
    if (items.isEmpty()) {
      return;
    }
    if (ownMemory == null) {
      throw new IllegalArgumentException("agent " + agentId + " has no memory of its own to restore " + items.size()
          + " items into");
    }
    for (MemoryItem item : items) {
      ownMemory.addVector(item.id(), item.vector(), item.text(), item.metadata());
    }
  }

  @Override
  public final void close() {
    reads.access().close();
    if (ownMemory != null) {
      ownMemory.close();
    }
    super.close();
  }
}
