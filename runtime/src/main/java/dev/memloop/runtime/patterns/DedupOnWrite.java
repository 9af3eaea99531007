package dev.memloop.runtime.patterns;

import dev.memloop.memory.Embedder;
import dev.memloop.memory.ItemIdentity;
import dev.memloop.memory.MemoryFullException;
import dev.memloop.memory.MemoryKind;
import dev.memloop.memory.Recall;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.runtime.identity.IdentifierExtractor;
import dev.memloop.runtime.identity.Identifiers;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A write whose near-duplicate is already stored merges into it instead of adding a copy: the memory keeps one
 * item per fact, however many wordings of it are saved, and the item counts its copies (metadata
 * {@value #COPIES}). What the merged item says is configured: the first wording, the newest, or both. A near-duplicate
 * is of the same kind and the same identity, the guard's rule: a note about order-43 never merges into one about
 * order-42, however alike their words. A write that carries no identity ({@link ItemIdentity#KEY}) is given the one
 * its text names ({@link IdentifierExtractor}), so that later writes find it by it.
 */
public final class DedupOnWrite {

  public static final String COPIES = "copies";

  /** Which wording a merged item keeps. */
  public enum Keep {
    /** The stored one; the new wording only adds to the count. */
    FIRST,
    /** The new one, text and vector, under the stored item's id. */
    NEWEST,
    /** Both: the texts joined, the vector their normalised sum, so either wording finds it. */
    BOTH
  }

  /** How one write ended. */
  public enum Outcome { ADDED, MERGED, REFUSED }

  /** {@code id} is the item written or merged into (null when refused); {@code copies} what it now counts. */
  public record Write(Outcome outcome, String id, int copies, String reason) {}

  /** What the writes did so far. */
  public record Counters(long writes, long added, long merged, long refused) {}

  private final WorkingMemory memory;
  private final Embedder embedder;
  private final double threshold;
  private final Keep keep;
  private final IdentifierExtractor identifiers;
  private long writes;
  private long added;
  private long merged;

  /** Dedup with the standard identifiers. */
  public DedupOnWrite(WorkingMemory memory, Embedder embedder, double threshold, Keep keep) {
    this(memory, embedder, threshold, keep, IdentifierExtractor.standard());
  }

  /** @param identifiers how a write's identity is read from its text when its metadata carries none */
  public DedupOnWrite(WorkingMemory memory, Embedder embedder, double threshold, Keep keep,
      IdentifierExtractor identifiers) {
    if (memory == null || embedder == null || keep == null || identifiers == null) {
      throw new IllegalArgumentException("dedup-on-write needs a memory, an embedder, what to keep and an identifier "
          + "extractor");
    }
    this.memory = memory;
    this.embedder = embedder;
    this.threshold = Thresholds.similarity("dedup threshold", threshold);
    this.keep = keep;
    this.identifiers = identifiers;
  }

  public Write write(String text) {
    return write(text, Map.of());
  }

  /** Adds {@code text}, or merges it into its stored near-duplicate. A refused add (full memory) changes nothing. */
  public Write write(String text, Map<String, ?> metadata) {
    Thresholds.text("text", text);
    return writeVector(embedder.embed(text), text, metadata);
  }

  /** As {@link #write(String, Map)}, with {@code text} already embedded (by the same embedder). */
  public Write writeVector(float[] vector, String text, Map<String, ?> metadata) {
    Thresholds.text("text", text);
    if (vector == null || vector.length != memory.dimension()) {
      throw new IllegalArgumentException("vector must have the memory's dimension " + memory.dimension() + ": "
          + (vector == null ? "null" : vector.length));
    }
    writes++;
    // a twin is of the same kind: a note never merges into the action it resembles, nor an action into a note (the
    // guard, which looks for actions, would then miss it)
    Map<String, ?> given = metadata == null ? Map.of() : metadata;
    MemoryKind kind = MemoryKind.of(given);
    String identity = ItemIdentity.of(given);
    if (identity == null) {
      identity = Identifiers.read(identifiers, text).identity(); // null: the text names nothing
    }
    Optional<Recall> twin = Embedder.isZero(vector) ? Optional.empty()
        : memory.matchVector(vector, threshold, kind, identity == null ? ItemIdentity.NONE : identity);
    try {
      if (twin.isEmpty()) {
        Map<String, Object> withCount = new HashMap<>(given);
        withCount.put(COPIES, 1);
        if (identity != null) {
          withCount.put(ItemIdentity.KEY, identity);
        }
        String id = memory.addVector(vector, text, withCount);
        added++;
        return new Write(Outcome.ADDED, id, 1, null);
      }
      return merge(twin.get(), text, vector);
    } catch (MemoryFullException full) {
      return new Write(Outcome.REFUSED, null, 0, full.getMessage());
    }
  }

  private Write merge(Recall stored, String text, float[] vector) {
    Map<String, Object> metadata = new HashMap<>(stored.metadata() == null ? Map.of() : stored.metadata());
    int copies = metadata.get(COPIES) instanceof Number n ? n.intValue() + 1 : 2;
    metadata.put(COPIES, copies);
    float[] storedVector = memory.vector(stored.id()).orElseThrow();
    float[] keptVector = switch (keep) {
      case FIRST -> storedVector;
      case NEWEST -> vector;
      case BOTH -> normalisedSum(storedVector, vector);
    };
    String keptText = switch (keep) {
      case FIRST -> stored.text();
      case NEWEST -> text;
      case BOTH -> stored.text() + " / " + text;
    };
    // replaced under the same id: a reader holding the id still finds the fact
    memory.remove(stored.id());
    memory.addVector(stored.id(), keptVector, keptText, metadata);
    merged++;
    return new Write(Outcome.MERGED, stored.id(), copies, null);
  }

  private static float[] normalisedSum(float[] a, float[] b) {
    float[] sum = new float[a.length];
    double norm = 0;
    for (int i = 0; i < a.length; i++) {
      sum[i] = a[i] + b[i];
      norm += sum[i] * sum[i];
    }
    if (norm == 0) {
      return a;
    }
    float scale = (float) (1 / Math.sqrt(norm));
    for (int i = 0; i < sum.length; i++) {
      sum[i] *= scale;
    }
    return sum;
  }

  public Counters counters() {
    return new Counters(writes, added, merged, writes - added - merged);
  }
}
