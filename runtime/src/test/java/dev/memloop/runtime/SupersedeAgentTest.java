package dev.memloop.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memloop.memory.MemoryQuery;
import dev.memloop.memory.Recall;
import dev.memloop.memory.embed.Embedders;
import dev.memloop.runtime.fleet.Fleet;
import dev.memloop.runtime.fleet.FleetListener;
import dev.memloop.runtime.fleet.FleetMember;
import dev.memloop.runtime.fleet.FleetOptions;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.step.Decision;
import dev.memloop.runtime.step.Observation;
import dev.memloop.runtime.step.Turn;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The step's memory remembers a note about a subject: a later note on the same subject supersedes the agent's earlier
 * one, so its recall answers the current note and a query that includes superseded versions answers both, under the
 * per-step, per-turn and networked policies alike.
 */
class SupersedeAgentTest {

  static final ActorTestKit testKit = ActorTestKit.create();

  @AfterAll
  static void shutdown() {
    testKit.shutdownTestKit();
  }

  @ParameterizedTest
  @EnumSource(value = MemoryPolicyKind.class, names = {"PER_STEP", "PER_TURN", "NETWORKED"})
  void should_recall_the_current_note_on_a_subject_and_both_when_superseded_ones_are_asked_for(
      MemoryPolicyKind policy) throws Exception {
    List<String> current = new CopyOnWriteArrayList<>();
    List<Recall> versions = new CopyOnWriteArrayList<>();
    Reasoner reasoner = step -> switch (step.turn()) {
      case 0 -> step.memory().remember("the customer's parcel goes to the Lisbon office", "parcel address")
          .thenApply(r -> Decision.skip("noted", Decision.Recognition.NONE));
      case 1 -> step.memory().remember("deliver the customer's parcel to the Berlin warehouse", "Parcel address.")
          .thenApply(r -> Decision.skip("noted", Decision.Recognition.NONE));
      default -> step.memory().recall("where does the customer's parcel go?", 5).thenCompose(r -> {
        r.items().forEach(item -> current.add(item.text()));
        return step.memory().search(MemoryQuery.text("where does the customer's parcel go?").k(5)
            .includeSuperseded().build());
      }).thenApply(r -> {
        versions.addAll(r.items());
        return Decision.skip("read", Decision.Recognition.NONE);
      });
    };
    AgentSpec spec = AgentSpec.builder("supersede-" + policy).policy(policy).reasoner(reasoner)
        .embedder(Embedders.defaultLocal()).threshold(0.9).budget(null).build();
    List<Turn> turns = List.of(new Turn(0, List.of(new Observation("a", "note the address"))),
        new Turn(1, List.of(new Observation("b", "the address changed"))),
        new Turn(2, List.of(new Observation("c", "where to?"))));
    Fleet.run(testKit.system(), List.of(FleetMember.of(spec, turns)), FleetOptions.DEFAULT, FleetListener.NONE)
        .toCompletableFuture().get(60, TimeUnit.SECONDS);

    assertThat(current).containsExactly("deliver the customer's parcel to the Berlin warehouse");
    assertThat(versions).extracting(Recall::text).containsExactlyInAnyOrder(
        "the customer's parcel goes to the Lisbon office", "deliver the customer's parcel to the Berlin warehouse");
    Recall lisbon = versions.stream().filter(v -> v.text().contains("Lisbon")).findFirst().orElseThrow();
    assertThat(lisbon.supersededBy()).isNotNull();
    assertThat(lisbon.validTo()).isNotNull();
  }

  @Test
  void should_refuse_a_blank_subject_by_name_before_anything_is_written() {
    List<Throwable> refused = new CopyOnWriteArrayList<>();
    Reasoner reasoner = step -> {
      try {
        step.memory().remember("a note", "  ");
      } catch (IllegalArgumentException e) {
        refused.add(e);
      }
      return CompletableFuture.completedFuture(Decision.skip("nothing", Decision.Recognition.NONE));
    };
    AgentSpec spec = AgentSpec.builder("blank-subject").policy(MemoryPolicyKind.PER_STEP).reasoner(reasoner)
        .embedder(Embedders.hashing(64)).threshold(0.9).budget(null).build();
    assertThatThrownBy(() -> {
      Fleet.run(testKit.system(), List.of(FleetMember.of(spec, List.of(new Turn(0, List.of(
          new Observation("a", "x")))))), FleetOptions.DEFAULT, FleetListener.NONE)
          .toCompletableFuture().get(60, TimeUnit.SECONDS);
      if (refused.isEmpty()) {
        throw new AssertionError("not refused");
      }
      throw new IllegalStateException(refused.get(0).getMessage());
    }).hasMessageContaining("subject must be a non-blank string");
  }
}
