package dev.memloop.memory.langchain4j;

import dev.langchain4j.data.document.Metadata;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.rag.content.Content;
import dev.langchain4j.rag.content.ContentMetadata;
import dev.langchain4j.rag.content.retriever.ContentRetriever;
import dev.langchain4j.rag.query.Query;
import dev.memloop.memory.MetadataFilter;
import dev.memloop.memory.Recall;
import dev.memloop.memory.WorkingMemory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A langchain4j {@link ContentRetriever} over a {@link WorkingMemory}: each query recalls the memory's most similar
 * items, in process and in microseconds, so an {@code AiServices} application adopts memloop's memory without its
 * runtime. Items come back best first as text segments with their metadata, their similarity as
 * {@link ContentMetadata#SCORE} and their id as {@link ContentMetadata#EMBEDDING_ID}; items without text are
 * skipped.
 *
 * <pre>{@code
 * WorkingMemory memory = WorkingMemory.builder(Embedders.defaultLocal()).threadSafe().build();
 * Assistant assistant = AiServices.builder(Assistant.class).chatModel(model)
 *     .chatMemory(chat)                                              // chat = WorkingMemoryChatMemory...build()
 *     .contentRetriever(chat.retriever().maxResults(4).minScore(0.6).build())
 *     .build();
 * }</pre>
 *
 * <p>Thread-safe when its memory is ({@link dev.memloop.memory.WorkingMemoryBuilder#threadSafe()}): langchain4j
 * may call a retriever from any thread.
 */
public final class WorkingMemoryContentRetriever implements ContentRetriever {

  private final WorkingMemory memory;
  private final int maxResults;
  private final double minScore;
  private final MetadataFilter filter;
  private final WorkingMemoryChatMemory chat; // told the user's own words of each query, or null

  private WorkingMemoryContentRetriever(Builder b) {
    this.memory = b.memory;
    this.maxResults = b.maxResults;
    this.minScore = b.minScore;
    this.filter = b.filter;
    this.chat = b.chat;
  }

  public static Builder builder(WorkingMemory memory) {
    return new Builder(memory);
  }

  @Override
  public List<Content> retrieve(Query query) {
    if (query == null || query.text() == null || query.text().isBlank()) {
      throw new IllegalArgumentException("a retrieval needs a non-blank query: " + query);
    }
    if (chat != null && query.metadata() != null
        && query.metadata().chatMessage() instanceof dev.langchain4j.data.message.UserMessage user && user.hasSingleText()) {
      chat.userWordsAre(user.singleText());
    }
    List<Recall> found = filter == null ? memory.recall(query.text(), maxResults)
        : memory.recall(query.text(), maxResults, filter);
    List<Content> out = new ArrayList<>(found.size());
    for (Recall r : found) {
      if (r.text() != null && r.similarity() >= minScore) {
        out.add(Content.from(TextSegment.from(r.text(), Metadata.from(r.metadata())),
            Map.of(ContentMetadata.SCORE, r.similarity(), ContentMetadata.EMBEDDING_ID, r.id())));
      }
    }
    return out;
  }

  /** Configures a retriever; {@code maxResults} 4 and {@code minScore} -1 (everything) unless set. */
  public static final class Builder {

    private final WorkingMemory memory;
    private int maxResults = 4;
    private double minScore = -1;
    private MetadataFilter filter;
    private WorkingMemoryChatMemory chat;

    private Builder(WorkingMemory memory) {
      if (memory == null) {
        throw new IllegalArgumentException("a content retriever needs a working memory");
      }
      this.memory = memory;
    }

    public Builder maxResults(int n) {
      if (n <= 0) {
        throw new IllegalArgumentException("maxResults must be > 0: " + n);
      }
      this.maxResults = n;
      return this;
    }

    /** The least similarity (cosine, in [-1, 1]) an item must reach. */
    public Builder minScore(double score) {
      if (!(score >= -1 && score <= 1)) {
        throw new IllegalArgumentException("minScore must be in [-1, 1]: " + score);
      }
      this.minScore = score;
      return this;
    }

    /** Only items whose metadata passes {@code newFilter} (one conversation's, say). */
    public Builder filter(MetadataFilter newFilter) {
      if (newFilter == null) {
        throw new IllegalArgumentException("filter must not be null (leave it unset for none)");
      }
      this.filter = newFilter;
      return this;
    }

    Builder pairedWith(WorkingMemoryChatMemory chatMemory) {
      this.chat = chatMemory;
      return this;
    }

    public WorkingMemoryContentRetriever build() {
      return new WorkingMemoryContentRetriever(this);
    }
  }
}
