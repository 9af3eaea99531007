package dev.memloop.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memloop.memory.MemoryQuery;
import dev.memloop.memory.NearCopyConsolidator;
import dev.memloop.memory.Recall;
import dev.memloop.memory.embed.Embedders;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.step.Decision;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * An agent that consolidates when idle: after a turn it merges the near-copies its notes made, in slices between its
 * messages and outside any turn, so that its next turn's recall answers one note where it answered three, and every
 * copy stays answerable when superseded versions are asked for.
 */
class ConsolidationAgentTest {

  static final ActorTestKit testKit = ActorTestKit.create();

  @AfterAll
  static void shutdown() {
    testKit.shutdownTestKit();
  }

  @Test
  void should_merge_the_copies_a_turn_wrote_before_the_next_turn_reads_them() throws Exception {
    List<Recall> current = new CopyOnWriteArrayList<>();
    List<Recall> every = new CopyOnWriteArrayList<>();
    Reasoner reasoner = step -> {
      if (step.turn() == 0) {
        CompletionStage<?> chain = CompletableFuture.completedFuture(null);
        for (int i = 0; i < 3; i++) {
          chain = chain.thenCompose(x -> step.memory().remember("the staging database fills its disk on fridays"));
        }
        return chain.thenApply(x -> Decision.skip("noted", Decision.Recognition.NONE));
      }
      String query = "when does the staging disk fill up?";
      return step.memory().recall(query, 5).thenCompose(r -> {
        current.addAll(r.items());
        return step.memory().search(MemoryQuery.text(query).k(5).includeSuperseded().build());
      }).thenApply(r -> {
        every.addAll(r.items());
        return Decision.skip("read", Decision.Recognition.NONE);
      });
    };
    AgentSpec spec = AgentSpec.builder("tidy").policy(MemoryPolicyKind.PER_STEP).reasoner(reasoner)
        .embedder(Embedders.hashing(64)).threshold(0.9).budget(null)
        .consolidation(() -> new NearCopyConsolidator(NearCopyConsolidator.DEFAULT_THRESHOLD), 2).build();
    AgentHandle agent = AgentHandle.start(testKit.system(), spec);
    agent.send("note it").toCompletableFuture().get(30, TimeUnit.SECONDS);
    TestProbe<Object> waiting = testKit.createTestProbe();
    waiting.awaitAssert(Duration.ofSeconds(30), () -> { // the pass runs in slices of 2 after the turn: 3 copies + 1
      assertThat(agent.snapshot().toCompletableFuture().get(10, TimeUnit.SECONDS).items()).hasSize(4);
      return null;
    });
    agent.send("read it").toCompletableFuture().get(30, TimeUnit.SECONDS);
    agent.stop();

    assertThat(current).hasSize(1);
    assertThat(current.get(0).metadata()).containsKey("memloop.merged_from");
    assertThat(every).hasSize(4);
    assertThat(every).filteredOn(r -> r.supersededBy() != null).hasSize(3)
        .allMatch(r -> r.supersededBy().equals(current.get(0).id()));
  }

  @Test
  void should_refuse_consolidation_for_an_agent_whose_memory_is_not_its_own_in_process() {
    assertThatThrownBy(() -> AgentSpec.builder("remote-tidy").policy(MemoryPolicyKind.NETWORKED)
        .reasoner(step -> CompletableFuture.completedFuture(Decision.skip("x", Decision.Recognition.NONE)))
        .embedder(Embedders.hashing(64)).threshold(0.9).budget(null)
        .consolidation(() -> new NearCopyConsolidator(0.97), 10).build())
        .hasMessageContaining("consolidation tidies a memory the agent owns in process")
        .hasMessageContaining("networked");
    assertThatThrownBy(() -> AgentSpec.builder("x").consolidation(null, 1)).hasMessageContaining("consolidator");
  }
}
