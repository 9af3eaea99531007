package dev.memloop.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memloop.memory.MemoryKind;
import dev.memloop.memory.embed.HashingEmbedder;
import dev.memloop.runtime.AgentSpec;
import dev.memloop.runtime.config.MemoryStoreKind;
import dev.memloop.runtime.fleet.Fleet;
import dev.memloop.runtime.fleet.FleetMember;
import dev.memloop.runtime.fleet.FleetOptions;
import dev.memloop.runtime.fleet.FleetResult;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.step.Decision;
import dev.memloop.runtime.step.Observation;
import dev.memloop.runtime.step.Turn;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.LogCapturingExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A blackboard from the runtime in one call, agents joined to it in one builder call each, and what readers see of
 * a post acknowledged before their turn started, under the default fleet options.
 */
@ExtendWith(LogCapturingExtension.class)
class BoardHandleTest {

  static final ActorTestKit testKit = ActorTestKit.create();
  static final HashingEmbedder EMBEDDER = new HashingEmbedder(64);
  static final String POST = "restart the payment gateway in region eu-west";

  @AfterAll
  static void shutdown() {
    testKit.shutdownTestKit();
  }

  static List<Turn> turns(String... texts) {
    List<Turn> turns = new java.util.ArrayList<>();
    for (int t = 0; t < texts.length; t++) {
      turns.add(new Turn(t, List.of(new Observation("o" + t, texts[t]))));
    }
    return turns;
  }

  @Test
  void should_show_a_post_acknowledged_before_a_reader_s_turn_to_that_turn_under_the_default_fleet_options()
      throws Exception {
    try (BoardHandle board = BoardHandle.start(testKit.system(), EMBEDDER)) {
      CompletableFuture<Void> posted = new CompletableFuture<>(); // the writer's turn is answered: its post is on
      CompletableFuture<Void> readersIn = new CompletableFuture<>(); // both readers are inside their turn 0
      java.util.concurrent.atomic.AtomicInteger started = new java.util.concurrent.atomic.AtomicInteger();
      Map<String, List<Integer>> seen = new ConcurrentHashMap<>();
      AgentSpec writer = AgentSpec.builder("writer").policy(MemoryPolicyKind.PER_STEP).embedder(EMBEDDER)
          .threshold(0.95).joinBoard(board.board())
          .reasoner(step -> readersIn.thenApply(ready -> Decision.act(step.observation().text()))).build();
      List<FleetMember> members = new java.util.ArrayList<>();
      members.add(FleetMember.of(writer, turns(POST)));
      for (MemoryPolicyKind policy : List.of(MemoryPolicyKind.PER_TURN, MemoryPolicyKind.PER_STEP)) {
        AgentSpec reader = AgentSpec.builder("reader-" + policy.configName()).policy(policy).embedder(EMBEDDER)
            .threshold(0.95).joinBoard(board.board())
            .reasoner(step -> {
              CompletableFuture<Void> ready = CompletableFuture.completedFuture(null);
              if (step.turn() == 0) { // in turn 0 (a per-turn reader's snapshot is taken): let the writer post
                if (started.incrementAndGet() == 2) {
                  readersIn.complete(null);
                }
                ready = posted;
              }
              return ready.thenCompose(r -> step.memory().recall(POST, 1, MemoryKind.ACTION)).thenApply(found -> {
                seen.computeIfAbsent(step.agentId(), id -> new CopyOnWriteArrayList<>()).add(found.items().size());
                return Decision.reply("read");
              });
            }).build();
        members.add(FleetMember.of(reader, turns("what is on the board?", "and now?")));
      }
      FleetResult result = Fleet.run(testKit.system(), members, FleetOptions.DEFAULT, turn -> {
        if (turn.agentId().equals("writer")) {
          posted.complete(null);
        }
      }).toCompletableFuture().get(60, TimeUnit.SECONDS);

      assertThat(result.unanswered()).isNull();
      assertThat(board.size()).isEqualTo(1);
      assertThat(seen.get("reader-per-turn")).as("its turn 0 began before the post: seen from turn 1")
          .containsExactly(0, 1);
      assertThat(seen.get("reader-per-step")).as("every acknowledged post, as it reads").containsExactly(1, 1);
    }
  }

  @Test
  void should_refuse_a_join_that_contradicts_the_store_kind_and_bad_input_naming_them() {
    try (BoardHandle board = BoardHandle.start(testKit.system(), EMBEDDER)) {
      AgentSpec.Builder both = AgentSpec.builder("both").embedder(EMBEDDER).threshold(0.9)
          .reasoner(step -> CompletableFuture.completedFuture(Decision.reply("x")))
          .storeKind(MemoryStoreKind.OWN).joinBoard(board.board());
      assertThatThrownBy(both::build).isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("agent both: joinBoard(...) makes its memory a blackboard, and storeKind(OWN)");
      assertThatThrownBy(() -> AgentSpec.builder("none").joinBoard(null)).isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("joinBoard");
    }
    assertThatThrownBy(() -> BoardHandle.start(testKit.system(), null)).hasMessageContaining("a board needs");
    assertThatThrownBy(() -> BoardHandle.start(testKit.system(), EMBEDDER, java.time.Duration.ofMillis(-1),
        dev.memloop.memory.timing.HighResolutionTimer.shared())).hasMessageContaining("PT-0.001S");
  }
}
