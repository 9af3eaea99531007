package dev.memloop.memory.langchain4j;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.memory.ChatMemory;
import dev.memloop.memory.MetadataFilter;
import dev.memloop.memory.WorkingMemory;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;

/**
 * A langchain4j {@link ChatMemory} whose window is the last {@code window} messages (the system message kept
 * apart), and whose every user and AI text also goes into a {@link WorkingMemory}, tagged with the chat's id and
 * role: what scrolls out of the window stays findable. Pair it with a {@link WorkingMemoryContentRetriever} over the
 * same memory, made by {@link #retriever()}, and an {@code AiServices} assistant recalls its whole conversation
 * while sending only a short window. langchain4j adds the user's message to the chat memory after retrieval has
 * appended what it found; the paired retriever tells this memory the user's own words first, so that only they are
 * stored, never the retrieved text again. Metadata keys: {@value #CHAT} and {@value #ROLE}.
 *
 * <p>Thread-safe: its window is guarded by its own lock; give it a thread-safe memory when several chats or threads
 * share that memory.
 */
public final class WorkingMemoryChatMemory implements ChatMemory {

  public static final String CHAT = "chat";
  public static final String ROLE = "role";

  private final Object id;
  private final WorkingMemory memory;
  private final int window;
  private final Deque<ChatMessage> messages = new ArrayDeque<>();
  private SystemMessage system;
  private String userWords; // what the paired retriever was asked: the next user message, before augmentation

  private WorkingMemoryChatMemory(Object id, WorkingMemory memory, int window) {
    this.id = id;
    this.memory = memory;
    this.window = window;
  }

  public static Builder builder(WorkingMemory memory) {
    return new Builder(memory);
  }

  /** Only this chat's items, for a retriever over a memory several chats share. */
  public MetadataFilter thisChat() {
    return MetadataFilter.eq(CHAT, String.valueOf(id));
  }

  /** A retriever over this chat's items in the same memory, paired with this chat memory (see above). */
  public WorkingMemoryContentRetriever.Builder retriever() {
    return WorkingMemoryContentRetriever.builder(memory).filter(thisChat()).pairedWith(this);
  }

  /** The user's own words of the message about to be added (told by the paired retriever). */
  synchronized void userWordsAre(String words) {
    userWords = words;
  }

  @Override
  public Object id() {
    return id;
  }

  @Override
  public synchronized void add(ChatMessage message) {
    if (message == null) {
      throw new IllegalArgumentException("a chat message must not be null");
    }
    if (message instanceof SystemMessage s) {
      system = s; // one system message, never scrolled out
      return;
    }
    messages.addLast(message);
    while (messages.size() > window) {
      messages.removeFirst();
    }
    String text = message instanceof UserMessage u && u.hasSingleText() ? ownWords(u.singleText())
        : message instanceof AiMessage a && !a.hasToolExecutionRequests() ? a.text() : null;
    if (text != null && !text.isBlank()) {
      memory.add(text, Map.of(CHAT, String.valueOf(id), ROLE, message.type().name().toLowerCase(java.util.Locale.ROOT)));
    }
  }

  /** The user's words without what retrieval appended to them (when the paired retriever saw this message). */
  private String ownWords(String text) {
    String words = userWords;
    userWords = null;
    return words != null && text.contains(words) ? words : text;
  }

  /** The system message, if any, then the window, oldest first. */
  @Override
  public synchronized List<ChatMessage> messages() {
    List<ChatMessage> out = new ArrayList<>(messages.size() + 1);
    if (system != null) {
      out.add(system);
    }
    out.addAll(messages);
    return out;
  }

  /** Clears the window and removes this chat's items from the memory. */
  @Override
  public synchronized void clear() {
    messages.clear();
    system = null;
    memory.removeAll(thisChat());
  }

  /** Configures a chat memory; id {@code default} and a window of 10 messages unless set. */
  public static final class Builder {

    private final WorkingMemory memory;
    private Object id = "default";
    private int window = 10;

    private Builder(WorkingMemory memory) {
      if (memory == null) {
        throw new IllegalArgumentException("a chat memory needs a working memory");
      }
      this.memory = memory;
    }

    public Builder id(Object chatId) {
      if (chatId == null || String.valueOf(chatId).isBlank()) {
        throw new IllegalArgumentException("a chat id must not be null or blank: " + chatId);
      }
      this.id = chatId;
      return this;
    }

    /** Messages kept in the window, the system message aside. */
    public Builder window(int messages) {
      if (messages <= 0) {
        throw new IllegalArgumentException("window must be > 0 messages: " + messages);
      }
      this.window = messages;
      return this;
    }

    public WorkingMemoryChatMemory build() {
      return new WorkingMemoryChatMemory(id, memory, window);
    }
  }
}
