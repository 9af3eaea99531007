package dev.memloop.memory.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.rag.content.Content;
import dev.langchain4j.rag.content.ContentMetadata;
import dev.langchain4j.rag.query.Query;
import dev.langchain4j.service.AiServices;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.embed.HashingEmbedder;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** memloop's memory inside a plain langchain4j AiServices application, no memloop runtime. */
class AiServicesMemoryTest {

  interface Assistant {
    String chat(String message);
  }

  /** A model that answers "ok" and keeps every request it got. */
  static final class Recording implements ChatModel {
    final List<ChatRequest> requests = new CopyOnWriteArrayList<>();

    @Override
    public ChatResponse doChat(ChatRequest request) {
      requests.add(request);
      return ChatResponse.builder().aiMessage(AiMessage.from("ok")).build();
    }

    String lastUserText() {
      List<ChatMessage> messages = requests.get(requests.size() - 1).messages();
      return ((UserMessage) messages.get(messages.size() - 1)).singleText();
    }
  }

  @Test
  void should_bring_back_what_scrolled_out_of_the_window() {
    WorkingMemory memory = WorkingMemory.builder(new HashingEmbedder(256)).threadSafe().build();
    WorkingMemoryChatMemory chat = WorkingMemoryChatMemory.builder(memory).id("user-42").window(2).build();
    Recording model = new Recording();
    Assistant assistant = AiServices.builder(Assistant.class).chatModel(model).chatMemory(chat)
        .contentRetriever(chat.retriever().maxResults(1).minScore(0.3).build())
        .build();
    assistant.chat("My train leaves from platform 9 at noon");
    assistant.chat("I like green tea");
    assistant.chat("Is it raining in Lisbon");
    assistant.chat("Which platform does my train leave from");

    List<ChatMessage> sent = model.requests.get(3).messages();
    assertThat(sent).as("the window: two messages, then the question").hasSize(3);
    assertThat(model.lastUserText()).as("the retriever put the early message back").contains("platform 9 at noon");
    assertThat(chat.messages()).hasSize(2);
    assertThat(memory.items()).extracting(dev.memloop.memory.MemoryItem::text).as("the user's and the model's own words")
        .containsExactly("My train leaves from platform 9 at noon", "ok", "I like green tea", "ok",
            "Is it raining in Lisbon", "ok", "Which platform does my train leave from", "ok");
  }

  @Test
  void should_retrieve_best_first_with_score_and_id_and_forget_a_cleared_chat() {
    WorkingMemory memory = WorkingMemory.builder(new HashingEmbedder(256)).threadSafe().build();
    WorkingMemoryChatMemory one = WorkingMemoryChatMemory.builder(memory).id("one").build();
    WorkingMemoryChatMemory two = WorkingMemoryChatMemory.builder(memory).id("two").build();
    one.add(UserMessage.from("the hotel must allow dogs"));
    two.add(UserMessage.from("the hotel must have a pool"));
    List<Content> found = WorkingMemoryContentRetriever.builder(memory).maxResults(2).build()
        .retrieve(Query.from("hotel dogs"));
    assertThat(found).extracting(c -> c.textSegment().text()).containsExactly("the hotel must allow dogs",
        "the hotel must have a pool");
    assertThat((double) found.get(0).metadata().get(ContentMetadata.SCORE))
        .isGreaterThan((double) found.get(1).metadata().get(ContentMetadata.SCORE));
    assertThat(found.get(0).metadata().get(ContentMetadata.EMBEDDING_ID)).isNotNull();
    assertThat(found.get(0).textSegment().metadata().getString(WorkingMemoryChatMemory.CHAT)).isEqualTo("one");
    one.clear();
    assertThat(memory.size()).as("only chat one's item went").isEqualTo(1);
  }

  @Test
  void should_refuse_bad_settings_naming_them() {
    WorkingMemory memory = WorkingMemory.allocate(new HashingEmbedder(8));
    assertThatThrownBy(() -> WorkingMemoryContentRetriever.builder(null)).hasMessageContaining("needs a working memory");
    assertThatThrownBy(() -> WorkingMemoryContentRetriever.builder(memory).maxResults(0))
        .hasMessageContaining("maxResults must be > 0: 0");
    assertThatThrownBy(() -> WorkingMemoryContentRetriever.builder(memory).minScore(1.5))
        .hasMessageContaining("minScore must be in [-1, 1]: 1.5");
    assertThatThrownBy(() -> WorkingMemoryContentRetriever.builder(memory).build().retrieve(null))
        .hasMessageContaining("a retrieval needs a non-blank query: null");
    assertThatThrownBy(() -> WorkingMemoryChatMemory.builder(memory).window(0))
        .hasMessageContaining("window must be > 0 messages: 0");
    assertThatThrownBy(() -> WorkingMemoryChatMemory.builder(memory).id(" "))
        .hasMessageContaining("a chat id must not be null or blank");
  }
}
