package dev.memloop.bench.benchmarks.conversation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memloop.memory.embed.HashingEmbedder;
import dev.memloop.memory.index.TextAnalysis;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The changes are measured one at a time, and the last one is the memory's hybrid recall as shipped. */
class RecallChangesTest {

  @Test
  void should_end_at_the_memorys_own_hybrid_recall() throws Exception {
    List<LocomoFile.Conversation> data = LocomoFile.read(LocomoRetrievalTest.FIXTURE);
    HashingEmbedder embedder = new HashingEmbedder(64);
    List<RecallChanges.Change> changes = RecallChanges.run(data, embedder, TextAnalysis.english());
    assertThat(changes).extracting(RecallChanges.Change::name)
        .containsExactly("before", "+ date", "+ context", "+ c = 10");
    LocomoRetrieval.MethodResult fused = LocomoRetrieval.run(data, Map.of("hashing", embedder), List.of(10),
        line -> {}).methods().get(2);
    RecallChanges.Change shipped = changes.get(changes.size() - 1);
    assertThat(shipped.questions()).isEqualTo(fused.questions()).isEqualTo(5);
    assertThat(shipped.hitAt10()).as("the fused method's hit@10").isEqualTo(fused.hitAt().get(10));
    assertThat(shipped.mrr()).as("and its MRR: the same ranks").isEqualTo(fused.mrr());
    assertThat(changes.get(0).recallP50Nanos()).isPositive();
  }
}
