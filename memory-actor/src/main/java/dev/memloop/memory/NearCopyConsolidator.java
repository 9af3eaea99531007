package dev.memloop.memory;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The built-in {@link Consolidator}, no model needed: near-copies (items of one kind, one author and one identity, at
 * least {@code threshold}-similar) merge into one item that names its sources ({@link MemoryLifecycle#MERGED_FROM});
 * the sources are superseded by it, so a recall answers the merged item once where it answered every copy, and each
 * source stays answerable with {@code includeSuperseded} or {@code asOf} a time before the merge. The merged item has
 * the earliest source's text, vector, metadata and valid-from (it states what they state, since the first said it).
 * Items with a subject (their versions have a chain of their own), items a consolidation made, and superseded items are
 * left as they are.
 *
 * <p>A pass takes the memory's items once, oldest first, and works through them {@code budget} at a time; items
 * written after the pass began wait for the next. One instance follows one memory; not thread-safe (an agent's actor
 * runs it).
 */
public final class NearCopyConsolidator implements Consolidator {

  /** A near-copy, by default: the default embedder scores a reworded sentence lower, a repeat at least this. */
  public static final double DEFAULT_THRESHOLD = 0.97;

  private static final int NEIGHBOURS = 16;

  private final double threshold;
  private final Deque<MemoryItem> pass = new ArrayDeque<>();
  private final Set<String> taken = new HashSet<>(); // merged in this pass: not a representative again

  /** @param threshold the similarity in (0, 1] at or above which two items are copies */
  public NearCopyConsolidator(double threshold) {
    if (!(threshold > 0 && threshold <= 1)) {
      throw new IllegalArgumentException("a near-copy threshold must be in (0, 1]: " + threshold);
    }
    this.threshold = threshold;
  }

  @Override
  public Consolidation consolidate(WorkingMemory memory, int budget) {
    if (memory == null || budget < 1) {
      throw new IllegalArgumentException("consolidation needs a memory and a budget of at least 1: " + memory + ", "
          + budget);
    }
    if (!memory.supersedes()) {
      throw new IllegalStateException(memory.getClass().getSimpleName() + " keeps no validity times, so merged "
          + "copies could not stay answerable: consolidate an in-process memory");
    }
    if (pass.isEmpty()) {
      pass.addAll(memory.items());
      taken.clear();
    }
    int examined = 0;
    int written = 0;
    int replaced = 0;
    while (examined < budget && !pass.isEmpty()) {
      MemoryItem item = pass.poll();
      examined++;
      if (taken.contains(item.id()) || !mergeable(item.metadata())) {
        continue;
      }
      List<Recall> copies = copiesOf(memory, item);
      if (copies.isEmpty()) {
        continue;
      }
      StringBuilder sources = new StringBuilder(item.id());
      for (Recall copy : copies) {
        sources.append('\n').append(copy.id());
        taken.add(copy.id());
      }
      Map<String, Object> meta = new HashMap<>(item.metadata());
      meta.remove(MemoryLifecycle.RECORDED_AT);
      meta.put(MemoryLifecycle.MERGED_FROM, sources.toString());
      Object from = item.metadata().get(MemoryLifecycle.VALID_FROM);
      meta.put(MemoryLifecycle.VALID_FROM, from instanceof Long ? from
          : item.metadata().get(MemoryLifecycle.RECORDED_AT));
      memory.addVector(item.vector(), item.text(), meta);
      taken.add(item.id());
      written++;
      replaced += copies.size() + 1;
    }
    return new Consolidation(examined, written, replaced, pass.isEmpty());
  }

  /**
   * The current near-copies of {@code item}: same kind, author and identity, other ids, not merged or merging; none
   * when the item itself is no longer current (superseded or removed since the pass began).
   */
  private List<Recall> copiesOf(WorkingMemory memory, MemoryItem item) {
    MemoryQuery.Builder query = MemoryQuery.vector(item.vector()).k(NEIGHBOURS).minScore(threshold)
        .kinds(item.kind());
    String identity = ItemIdentity.of(item.metadata());
    query.identity(identity == null ? ItemIdentity.NONE : identity);
    List<Recall> copies = new ArrayList<>();
    String author = item.author();
    List<Recall> near = memory.search(query.build());
    if (near.stream().noneMatch(found -> found.id().equals(item.id()))) {
      return copies;
    }
    for (Recall found : near) {
      if (!found.id().equals(item.id()) && !taken.contains(found.id()) && mergeable(found.metadata())
          && java.util.Objects.equals(author, found.author())) {
        copies.add(found);
      }
    }
    return copies;
  }

  private static boolean mergeable(Map<String, Object> metadata) {
    return !metadata.containsKey(MemoryLifecycle.SUBJECT) && !metadata.containsKey(MemoryLifecycle.MERGED_FROM);
  }
}
