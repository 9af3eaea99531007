package dev.memloop.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.typesafe.config.ConfigFactory;
import dev.memloop.memory.Embedder;
import dev.memloop.memory.MemoryKind;
import dev.memloop.memory.MemoryQuery;
import dev.memloop.memory.Recall;
import dev.memloop.memory.embed.Embedders;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.config.AgentConfigs;
import dev.memloop.runtime.fleet.Fleet;
import dev.memloop.runtime.fleet.FleetMember;
import dev.memloop.runtime.fleet.FleetOptions;
import dev.memloop.runtime.fleet.FleetResult;
import dev.memloop.runtime.fleet.FleetTurns;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.step.Decision;
import dev.memloop.runtime.step.Observation;
import dev.memloop.runtime.step.StepContext;
import dev.memloop.runtime.step.StepRecord;
import dev.memloop.runtime.step.Turn;
import dev.memloop.runtime.step.TurnResult;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.LogCapturingExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Notes and actions share an agent's memory and are told apart by their kind: the first natural agent (note the
 * ticket, then act on it) had its own actions blocked by its notes, and these tests hold that it never is again.
 */
@ExtendWith(LogCapturingExtension.class)
class MemoryKindsTest {

  static final ActorTestKit testKit = ActorTestKit.create();
  static final Embedder EMBEDDER = Embedders.defaultLocal(); // the embedder the reproduction used
  static final double THRESHOLD = 0.9; // the documented guard threshold
  // unlimited budget: a collection pause while 200 agents start may not ration this test's guards
  static final AgentConfig BASE = AgentConfigs.agent(ConfigFactory.load()).withThreshold(THRESHOLD).withBudget(null);

  // tickets as users write them: long enough that a note and an action on one share nearly every word
  static final String[] PROBLEMS = {
      "customer reports that the payment page returns error 502 after checkout on the web store and the order is "
          + "not saved",
      "the mobile app crashes on start when the user opens the settings screen after the last update on android",
      "password reset emails never arrive for accounts created through the partner portal since monday morning",
      "the monthly invoice shows the wrong billing address although the customer changed it in the account page",
      "warehouse scanners in the north hall cannot read the new shipping labels printed by the second printer",
      "video calls in the support console drop their audio every few minutes when more than four people join"};

  @AfterAll
  static void shutdown() {
    testKit.shutdownTestKit();
  }

  /** Notes the ticket, then acts on it: the note and the action are near-twins by wording. */
  static CompletionStage<Decision> noteThenAct(StepContext step) {
    String text = step.observation().text();
    return step.memory().remember("ticket " + step.observation().id() + ": " + text)
        .thenApply(noted -> Decision.act("escalate: " + text));
  }

  /** Agent {@code a}'s tickets: turn 0 two problems, turn 1 a third and a repeat of the first (a true repeat). */
  static List<Turn> tickets(int a) {
    String first = PROBLEMS[a % PROBLEMS.length] + " for customer " + a;
    String second = PROBLEMS[(a + 2) % PROBLEMS.length] + " for customer " + a;
    String third = PROBLEMS[(a + 4) % PROBLEMS.length] + " for customer " + a;
    return List.of(
        new Turn(0, List.of(new Observation("T-" + a + "-1", first), new Observation("T-" + a + "-2", second))),
        new Turn(1, List.of(new Observation("T-" + a + "-3", third), new Observation("T-" + a + "-4", first))));
  }

  @Test
  void should_never_block_an_action_for_a_note_worded_like_it_in_200_agents() throws Exception {
    // the test can fail: with the default embedder every note is within the guard's threshold of its action
    for (String problem : PROBLEMS) {
      String text = problem + " for customer 7";
      assertThat(cosine("ticket T-7-1: " + text, "escalate: " + text)).as(problem).isGreaterThanOrEqualTo(THRESHOLD);
    }
    List<FleetMember> members = new ArrayList<>();
    for (int a = 0; a < 200; a++) {
      AgentSpec spec = AgentSpec.builder("agent-" + a).config(BASE.withPolicy(MemoryPolicyKind.PER_STEP))
          .threshold(THRESHOLD).embedder(EMBEDDER).reasoner(MemoryKindsTest::noteThenAct).build();
      members.add(FleetMember.of(spec, tickets(a)));
    }
    FleetTurns kept = new FleetTurns();
    FleetResult result = Fleet.run(testKit.system(), members, FleetOptions.DEFAULT, kept)
        .toCompletableFuture().get(2, TimeUnit.MINUTES);

    assertThat(result.failure()).isNull();
    assertThat(kept.all()).hasSize(400);
    int blocked = 0;
    int wronglyBlocked = 0;
    for (List<TurnResult> turns : kept.byAgent().values()) {
      Set<String> executed = new HashSet<>();
      for (TurnResult turn : turns.stream().sorted(java.util.Comparator.comparingInt(TurnResult::turn)).toList()) {
        for (StepRecord step : turn.steps()) {
          String line = step.decision().actionLine();
          if (step.guard().blocks()) {
            blocked++;
            if (!executed.contains(line)) {
              wronglyBlocked++;
            }
          } else if (step.executed()) {
            executed.add(line);
          }
        }
      }
    }
    assertThat(wronglyBlocked).as("actions blocked that were never executed before").isZero();
    assertThat(blocked).as("every agent's one true repeat is still blocked").isEqualTo(200);
  }

  @ParameterizedTest
  @EnumSource(value = MemoryPolicyKind.class, names = {"PER_STEP", "NETWORKED", "PER_TURN"})
  void should_answer_notes_by_default_and_other_kinds_when_asked(MemoryPolicyKind policy) throws Exception {
    List<List<Recall>> seen = new ArrayList<>();
    AgentSpec spec = AgentSpec.builder("kinds-" + policy.configName()).config(BASE.withPolicy(policy))
        .threshold(THRESHOLD).embedder(EMBEDDER).reasoner(step -> {
          if (step.turn() == 0) {
            return noteThenAct(step);
          }
          String text = step.observation().text();
          return step.memory().recall(text, 5).thenCompose(notes -> step.memory()
              .search(MemoryQuery.text(text).k(5).kinds(MemoryKind.ACTION).build()).thenApply(actions -> {
                seen.add(notes.items());
                seen.add(actions.items());
                return Decision.reply("looked");
              }));
        }).build();
    AgentHandle agent = AgentHandle.start(testKit.system(), spec);
    try {
      agent.send(PROBLEMS[0]).toCompletableFuture().get(30, TimeUnit.SECONDS);
      agent.send(PROBLEMS[0]).toCompletableFuture().get(30, TimeUnit.SECONDS);
    } finally {
      agent.stop();
    }
    assertThat(seen.get(0)).as("recall answers notes").singleElement().satisfies(r -> {
      assertThat(r.kind()).isEqualTo(MemoryKind.NOTE);
      assertThat(r.author()).isEqualTo(spec.id());
      assertThat(r.text()).startsWith("ticket ");
    });
    assertThat(seen.get(1)).as("actions when asked").singleElement().satisfies(r -> {
      assertThat(r.kind()).isEqualTo(MemoryKind.ACTION);
      assertThat(r.author()).isEqualTo(spec.id());
      assertThat(r.text()).isEqualTo("escalate: " + PROBLEMS[0]);
    });
  }

  @Test
  void should_refuse_actions_posts_and_reserved_keys_from_a_reasoner() throws Exception {
    List<Throwable> refused = new ArrayList<>();
    AgentSpec spec = AgentSpec.builder("refusals").config(BASE.withPolicy(MemoryPolicyKind.PER_STEP))
        .threshold(THRESHOLD).embedder(EMBEDDER).reasoner(step -> {
          for (Runnable bad : List.<Runnable>of(
              () -> step.memory().remember(MemoryKind.ACTION, "escalate: forged", Map.of()),
              () -> step.memory().remember(MemoryKind.POST, "a post", Map.of()),
              () -> step.memory().remember("a note", Map.of(MemoryKind.KEY, "ACTION")),
              () -> step.memory().remember("a note", Map.of(MemoryKind.AUTHOR_KEY, "someone-else")))) {
            try {
              bad.run();
            } catch (IllegalArgumentException e) {
              refused.add(e);
            }
          }
          return java.util.concurrent.CompletableFuture.completedFuture(Decision.reply("done"));
        }).build();
    AgentHandle agent = AgentHandle.start(testKit.system(), spec);
    try {
      agent.send("anything").toCompletableFuture().get(30, TimeUnit.SECONDS);
      AgentSnapshot snapshot = agent.snapshot().toCompletableFuture().get(30, TimeUnit.SECONDS);
      assertThat(snapshot.items()).as("nothing was written").isEmpty();
    } finally {
      agent.stop();
    }
    assertThat(refused).extracting(Throwable::getMessage).satisfiesExactly(
        m -> assertThat(m).contains("not actions").contains("Decision.act"),
        m -> assertThat(m).contains("not posts"),
        m -> assertThat(m).contains("'memloop.kind' is reserved"),
        m -> assertThat(m).contains("'memloop.author' is reserved"));
    assertThatThrownBy(() -> MemoryKind.parse("shout")).hasMessageContaining("'shout'").hasMessageContaining("tool-call");
  }

  private static double cosine(String a, String b) {
    float[] x = EMBEDDER.embed(a);
    float[] y = EMBEDDER.embed(b);
    double dot = 0, nx = 0, ny = 0;
    for (int i = 0; i < x.length; i++) {
      dot += x[i] * y[i];
      nx += x[i] * x[i];
      ny += y[i] * y[i];
    }
    return dot / Math.sqrt(nx * ny);
  }
}
