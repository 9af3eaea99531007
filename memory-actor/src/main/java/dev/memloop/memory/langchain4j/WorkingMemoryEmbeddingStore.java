package dev.memloop.memory.langchain4j;

import static dev.langchain4j.internal.ValidationUtils.ensureNotBlank;
import static dev.langchain4j.internal.ValidationUtils.ensureNotEmpty;
import static dev.langchain4j.internal.ValidationUtils.ensureNotNull;

import dev.langchain4j.data.document.Metadata;
import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.store.embedding.EmbeddingMatch;
import dev.langchain4j.store.embedding.EmbeddingSearchRequest;
import dev.langchain4j.store.embedding.EmbeddingSearchResult;
import dev.langchain4j.store.embedding.EmbeddingStore;
import dev.langchain4j.store.embedding.filter.Filter;
import dev.memloop.memory.MetadataFilter;
import dev.memloop.memory.Recall;
import dev.memloop.memory.WorkingMemory;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * memloop's working memory as a langchain4j {@link EmbeddingStore}, so an existing langchain4j pipeline
 * gets memloop's exact microsecond search by swapping one object. It passes langchain4j's published store
 * contract ({@code EmbeddingStoreWithFilteringIT}, {@code EmbeddingStoreWithRemovalIT}).
 *
 * <p>Semantics: scores are langchain4j relevance scores, {@code (cosine + 1) / 2}; filters are langchain4j
 * {@link Filter}s, evaluated by langchain4j itself so every comparison means what it means there.
 * Vectors are stored at unit length: an embedding that already is (every embedding model langchain4j
 * ships normalizes) comes back bit for bit, others come back normalized. Where the contract is silent,
 * memloop's rule holds: adding under an id that exists is an error, never an overwrite.
 *
 * <p>Thread-safe: the memory it creates is the thread-safe variant. One built over a caller's memory
 * is as thread-safe as that memory.
 */
public final class WorkingMemoryEmbeddingStore implements EmbeddingStore<TextSegment> {

  private final WorkingMemory memory;

  private WorkingMemoryEmbeddingStore(WorkingMemory memory) {
    this.memory = memory;
  }

  /** A store over a new thread-safe memory of pre-embedded vectors of {@code dimension}. */
  public static WorkingMemoryEmbeddingStore create(int dimension) {
    return new WorkingMemoryEmbeddingStore(WorkingMemory.builder(dimension).threadSafe().build());
  }

  /** A store over an existing memory (build it {@code threadSafe()} if several threads will use the store). */
  public static WorkingMemoryEmbeddingStore over(WorkingMemory memory) {
    return new WorkingMemoryEmbeddingStore(ensureNotNull(memory, "memory"));
  }

  /** The memory underneath, for memloop-native access to the same items. */
  public WorkingMemory memory() {
    return memory;
  }

  @Override
  public String add(Embedding embedding) {
    return memory.addVector(vectorOf(embedding), null, Map.of());
  }

  @Override
  public void add(String id, Embedding embedding) {
    memory.addVector(ensureNotBlank(id, "id"), vectorOf(embedding), null, Map.of());
  }

  @Override
  public String add(Embedding embedding, TextSegment segment) {
    if (segment == null) {
      return add(embedding);
    }
    return memory.addVector(vectorOf(embedding), segment.text(), segment.metadata().toMap());
  }

  @Override
  public List<String> addAll(List<Embedding> embeddings) {
    ensureNotNull(embeddings, "embeddings");
    List<String> ids = new ArrayList<>(embeddings.size());
    for (Embedding embedding : embeddings) {
      ids.add(add(embedding));
    }
    return ids;
  }

  @Override
  public List<String> addAll(List<Embedding> embeddings, List<TextSegment> segments) {
    ensureNotNull(embeddings, "embeddings");
    if (segments == null) {
      return addAll(embeddings);
    }
    checkSameSize(embeddings, segments, "segments");
    List<String> ids = new ArrayList<>(embeddings.size());
    for (int i = 0; i < embeddings.size(); i++) {
      ids.add(add(embeddings.get(i), segments.get(i)));
    }
    return ids;
  }

  @Override
  public void addAll(List<String> ids, List<Embedding> embeddings, List<TextSegment> segments) {
    ensureNotNull(ids, "ids");
    ensureNotNull(embeddings, "embeddings");
    checkSameSize(embeddings, ids, "ids");
    if (segments != null) {
      checkSameSize(embeddings, segments, "segments");
    }
    for (int i = 0; i < ids.size(); i++) {
      TextSegment segment = segments == null ? null : segments.get(i);
      memory.addVector(ensureNotBlank(ids.get(i), "ids[" + i + "]"), vectorOf(embeddings.get(i)),
          segment == null ? null : segment.text(), segment == null ? Map.of() : segment.metadata().toMap());
    }
  }

  @Override
  public EmbeddingSearchResult<TextSegment> search(EmbeddingSearchRequest request) {
    ensureNotNull(request, "request");
    Filter filter = request.filter();
    float[] query = vectorOf(request.queryEmbedding());
    List<Recall> found = filter == null
        ? memory.recallVector(query, request.maxResults())
        : memory.recallVector(query, request.maxResults(), asMemloopFilter(filter));
    List<EmbeddingMatch<TextSegment>> matches = new ArrayList<>(found.size());
    for (Recall recall : found) {
      double relevance = (recall.similarity() + 1) / 2;
      if (relevance >= request.minScore()) {
        // empty only if another thread removed the item since the search: then it is no longer a match
        memory.vector(recall.id()).ifPresent(vector ->
            matches.add(new EmbeddingMatch<>(relevance, recall.id(), Embedding.from(vector), segmentOf(recall))));
      }
    }
    return new EmbeddingSearchResult<>(matches);
  }

  @Override
  public void remove(String id) {
    memory.remove(ensureNotBlank(id, "id"));
  }

  @Override
  public void removeAll(Collection<String> ids) {
    ensureNotEmpty(ids, "ids");
    for (String id : ids) {
      memory.remove(ensureNotBlank(id, "id"));
    }
  }

  @Override
  public void removeAll(Filter filter) {
    memory.removeAll(asMemloopFilter(ensureNotNull(filter, "filter")));
  }

  @Override
  public void removeAll() {
    memory.clear();
  }

  private static MetadataFilter asMemloopFilter(Filter filter) {
    return metadata -> filter.test(Metadata.from(metadata));
  }

  private static TextSegment segmentOf(Recall recall) {
    return recall.text() == null ? null : TextSegment.from(recall.text(), Metadata.from(recall.metadata()));
  }

  private static float[] vectorOf(Embedding embedding) {
    return ensureNotNull(embedding, "embedding").vector();
  }

  private static void checkSameSize(List<?> embeddings, List<?> other, String name) {
    if (embeddings.size() != other.size()) {
      throw new IllegalArgumentException(
          "embeddings (" + embeddings.size() + ") and " + name + " (" + other.size() + ") differ in size");
    }
  }
}
