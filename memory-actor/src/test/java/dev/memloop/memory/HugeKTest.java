package dev.memloop.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memloop.memory.embed.HashingEmbedder;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A k far above the memory's size asks for everything there is: the answer is every item, best first, and no
 * buffer is sized by k (before, {@code recall(q, Integer.MAX_VALUE)} was an OutOfMemoryError, and on a node Pekko
 * exits the JVM on one; {@code recall(q, 20_000_000)} on 3 items kept 307 MiB until the memory closed).
 */
class HugeKTest {

  @ParameterizedTest
  @EnumSource(IndexKind.class)
  void should_answer_every_item_for_a_k_of_integer_max_value(IndexKind index) {
    WorkingMemoryBuilder builder = WorkingMemory.builder(new HashingEmbedder(64)).index(index);
    for (WorkingMemory memory : new WorkingMemory[] {builder.build(), builder.threadSafe().build()}) {
      try (memory) {
        memory.add("restart the web tier", Map.of());
        memory.add("page the on-call", Map.of());
        memory.add("rotate the credentials", Map.of());
        assertThat(memory.recall("restart the web tier", Integer.MAX_VALUE)).hasSize(3).first()
            .extracting(Recall::text).isEqualTo("restart the web tier");
        assertThat(memory.recallVector(new HashingEmbedder(64).embed("page the on-call"), 20_000_000)).hasSize(3);
        assertThat(memory.recall("page", Integer.MAX_VALUE, MetadataFilter.has("nothing"))).isEmpty();
      }
    }
    try (WorkingMemory empty = builder.build()) {
      assertThat(empty.recall("anything", Integer.MAX_VALUE)).isEmpty();
    }
  }
}
