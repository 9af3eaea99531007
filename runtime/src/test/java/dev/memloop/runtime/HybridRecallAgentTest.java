package dev.memloop.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.typesafe.config.ConfigFactory;
import dev.memloop.memory.Embedder;
import dev.memloop.memory.MemoryQuery;
import dev.memloop.memory.Recall;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.embed.Embedders;
import dev.memloop.runtime.config.AgentConfigs;
import dev.memloop.runtime.fleet.Fleet;
import dev.memloop.runtime.fleet.FleetListener;
import dev.memloop.runtime.fleet.FleetMember;
import dev.memloop.runtime.fleet.FleetOptions;
import dev.memloop.runtime.patterns.FollowUpRecall;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.step.Decision;
import dev.memloop.runtime.step.Observation;
import dev.memloop.runtime.step.Recalled;
import dev.memloop.runtime.step.StepContext;
import dev.memloop.runtime.step.Turn;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code memory.recall = hybrid}: an agent's recall shorthand fuses its memory's vector search with BM25 over the
 * notes' texts, exactly as a lexical memory's own hybrid search orders the same notes; a vector agent's recall stays
 * the vector search; a hybrid query an agent cannot answer is refused by name; the setting is refused where no
 * lexical index can be kept.
 */
class HybridRecallAgentTest {

  static final ActorTestKit testKit = ActorTestKit.create();
  static final Embedder EMBEDDER = Embedders.defaultLocal();

  // notes whose meaning is near one another; the query's rare word (the host's name) is in one of them only
  static final List<String> NOTES = List.of(
      "the login page of the web shop is slow for customers in the evening",
      "customers cannot log in to the web shop after the password change",
      "host bravo-17 rejects logins since the certificate was renewed",
      "the shop's sign-in form times out for users on mobile phones",
      "users report that signing in to the store fails on some days");
  static final String QUERY = "why do logins fail on bravo-17";

  @AfterAll
  static void shutdown() {
    testKit.shutdownTestKit();
  }

  @ParameterizedTest
  @EnumSource(value = MemoryPolicyKind.class, names = {"PER_STEP", "PER_TURN"})
  void should_recall_in_the_fused_order_of_a_lexical_memory_when_recalls_are_hybrid(MemoryPolicyKind policy)
      throws Exception {
    List<String> hybrid = recalledByAgent(AgentSpec.builder("hybrid-" + policy).policy(policy).hybridRecall());
    List<String> vector = recalledByAgent(AgentSpec.builder("vector-" + policy).policy(policy));
    assertThat(hybrid).containsExactlyElementsOf(standalone(true));
    assertThat(vector).containsExactlyElementsOf(standalone(false));
    assertThat(hybrid).as("the fusion changes the order here, or this test could not fail").isNotEqualTo(vector);
    assertThat(hybrid.get(0)).contains("bravo-17");
  }

  @Test
  void should_follow_up_on_the_steps_memory_as_on_a_memory_of_its_own() throws Exception {
    List<String> found = new CopyOnWriteArrayList<>();
    List<Integer> reads = new CopyOnWriteArrayList<>();
    FollowUpRecall followUp = new FollowUpRecall(FollowUpRecall.DEFAULTS);
    Reasoner reasoner = step -> {
      if (step.turn() == 0) {
        return rememberNotes(step);
      }
      FollowUpRecall.Reading reading = followUp.start(QUERY, 3);
      return reading.next(step.memory()).thenCompose(x -> reading.next(step.memory()))
          .thenCompose(x -> reading.next(step.memory())).thenApply(fused -> {
            fused.forEach(item -> found.add(item.text()));
            reads.add(reading.reads());
            return Decision.skip("read", Decision.Recognition.NONE);
          });
    };
    run(AgentSpec.builder("follows-up").policy(MemoryPolicyKind.PER_STEP).hybridRecall().reasoner(reasoner));
    assertThat(reads).as("three reads, one after another, on the step's memory").containsExactly(3);
    try (WorkingMemory memory = WorkingMemory.builder(EMBEDDER).lexical().build()) {
      NOTES.forEach(memory::add);
      assertThat(found).isNotEmpty().containsExactlyElementsOf(followUp.recall(memory, QUERY, 3).stream()
          .map(Recall::text).toList());
    }
  }

  @Test
  void should_refuse_a_hybrid_query_where_the_memory_keeps_no_lexical_index() throws Exception {
    List<Throwable> refused = new CopyOnWriteArrayList<>();
    Reasoner asksHybrid = step -> {
      try {
        return step.memory().search(MemoryQuery.text("bravo-17").k(3).hybrid().build())
            .thenApply(found -> Decision.skip("nothing", Decision.Recognition.NONE));
      } catch (IllegalArgumentException e) {
        refused.add(e);
        return CompletableFuture.completedFuture(Decision.skip("nothing", Decision.Recognition.NONE));
      }
    };
    run(AgentSpec.builder("vector-asks-hybrid").policy(MemoryPolicyKind.PER_STEP).reasoner(asksHybrid));
    assertThat(refused).as("one refusal per turn, each at once").hasSize(2);
    assertThat(refused.get(0)).hasMessageContaining("keeps no lexical index")
        .hasMessageContaining("memloop.agent.memory.recall = hybrid");
  }

  @Test
  void should_refuse_hybrid_recall_for_a_networked_agent_and_an_unknown_recall_by_key() {
    assertThatThrownBy(() -> AgentConfigs.agent(ConfigFactory.parseString(
        "memloop.agent { policy = networked, memory.recall = hybrid }").withFallback(ConfigFactory.load())))
        .hasMessageContaining("memory.recall = hybrid needs the agent's memory in process");
    assertThatThrownBy(() -> AgentConfigs.agent(ConfigFactory.parseString(
        "memloop.agent.memory.recall = fuzzy").withFallback(ConfigFactory.load())))
        .hasMessageContaining("memloop.agent.memory.recall = \"fuzzy\": must be vector or hybrid");
    assertThatThrownBy(() -> AgentConfigs.agent(ConfigFactory.parseString(
        "memloop.agent { policy = per-step, memory { store = blackboard, recall = hybrid } }")
        .withFallback(ConfigFactory.load()))).hasMessageContaining("memory.recall = hybrid needs memory.store = own");
  }

  /** The texts an agent's recall(QUERY, 3) found after it remembered the notes (one turn of each step). */
  private static List<String> recalledByAgent(AgentSpec.Builder builder) throws Exception {
    List<String> found = new CopyOnWriteArrayList<>();
    Reasoner reasoner = step -> {
      if (step.turn() == 0) {
        return rememberNotes(step);
      }
      return step.memory().recall(QUERY, 3).thenApply((Recalled r) -> {
        r.items().forEach(item -> found.add(item.text()));
        return Decision.skip("read", Decision.Recognition.NONE);
      });
    };
    run(builder.reasoner(reasoner));
    return List.copyOf(found);
  }

  /** The first turn: every note remembered, one after another. */
  private static CompletionStage<Decision> rememberNotes(StepContext step) {
    CompletionStage<?> chain = CompletableFuture.completedFuture(null);
    for (String note : NOTES) {
      chain = chain.thenCompose(x -> step.memory().remember(note));
    }
    return chain.thenApply(x -> Decision.skip("noted", Decision.Recognition.NONE));
  }

  private static void run(AgentSpec.Builder builder) throws Exception {
    AgentSpec spec = builder.embedder(EMBEDDER).threshold(0.9).budget(null).build();
    List<Turn> turns = List.of(new Turn(0, List.of(new Observation("n", "note these"))),
        new Turn(1, List.of(new Observation("q", QUERY))));
    Fleet.run(testKit.system(), List.of(FleetMember.of(spec, turns)), FleetOptions.DEFAULT, FleetListener.NONE)
        .toCompletableFuture().get(60, TimeUnit.SECONDS);
  }

  /** What a lexical memory (hybrid) or a plain one (vector) of the same notes answers to QUERY, k 3. */
  private static List<String> standalone(boolean hybrid) {
    try (WorkingMemory memory = hybrid ? WorkingMemory.builder(EMBEDDER).lexical().build()
        : WorkingMemory.builder(EMBEDDER).build()) {
      NOTES.forEach(memory::add);
      MemoryQuery.Builder query = MemoryQuery.text(QUERY).k(3);
      return memory.search((hybrid ? query.hybrid() : query).build()).stream().map(Recall::text).toList();
    }
  }
}
