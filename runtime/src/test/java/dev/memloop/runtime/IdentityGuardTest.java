package dev.memloop.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memloop.runtime.identity.IdentifierExtractor;
import dev.memloop.runtime.identity.Identifiers;
import dev.memloop.runtime.step.ActionCall;
import dev.memloop.runtime.step.ActionIdentity;
import dev.memloop.runtime.step.Decision;
import dev.memloop.runtime.step.GuardBasis;
import dev.memloop.runtime.step.GuardCheck;
import dev.memloop.runtime.step.GuardOutcome;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * The three ways an action gets its identity (a line's identifiers, a key, a structured call), end to end through
 * an agent on the default embedder and its shipped threshold; what the executor is handed; and the bad input of each.
 */
class IdentityGuardTest {

  static final ActorTestKit testKit = ActorTestKit.create();

  @AfterAll
  static void shutdown() {
    testKit.shutdownTestKit();
  }

  /** An agent that acts on each observation as {@code decide} turns it into a decision, recording what ran. */
  private static AgentHandle agent(String id, Function<String, Decision> decide, List<dev.memloop.runtime.step.Action> ran,
      java.util.function.UnaryOperator<AgentSpec.Builder> more) {
    AgentSpec.Builder builder = AgentSpec.builder(id)
        .reasoner(step -> CompletableFuture.completedFuture(decide.apply(step.observation().text())))
        .executor(ActionExecutor.inline(action -> {
          ran.add(action);
          return "done";
        }));
    return AgentHandle.start(testKit.system(), more.apply(builder).build());
  }

  private static GuardCheck send(AgentHandle agent, String observation) throws Exception {
    return agent.send(observation).toCompletableFuture().get().steps().get(0).guard();
  }

  @Test
  void should_treat_the_same_key_as_the_same_act_whatever_the_words() throws Exception {
    List<dev.memloop.runtime.step.Action> ran = new CopyOnWriteArrayList<>();
    AgentHandle agent = agent("keyed", text -> {
      String[] parts = text.split("\\|"); // "line|key"
      return Decision.act(parts[0], parts[1]);
    }, ran, b -> b);
    assertThat(send(agent, "refund order-42|req-1").basis()).isEqualTo(GuardBasis.KEY);
    GuardCheck again = send(agent, "send the customer their money|req-1");
    assertThat(again.outcome()).as("the same key, other words").isEqualTo(GuardOutcome.HIT);
    assertThat(again.basis()).isEqualTo(GuardBasis.KEY);
    assertThat(again.identity()).isEqualTo("key:req-1");
    assertThat(send(agent, "refund order-42|req-2").outcome()).as("another key, the same words")
        .isEqualTo(GuardOutcome.MISS);
    assertThat(ran).extracting(a -> a.identity().idempotencyKey().orElseThrow()).containsExactly("req-1", "req-2");
    agent.stop();
  }

  @Test
  void should_match_a_structured_call_by_its_arguments_exactly_and_its_verb_by_meaning() throws Exception {
    List<dev.memloop.runtime.step.Action> ran = new CopyOnWriteArrayList<>();
    AgentHandle agent = agent("structured", text -> {
      String[] parts = text.split(" "); // "verb order amount"
      return Decision.act(ActionCall.of(parts[0].replace('_', ' ')).with("order", parts[1]).with("amount", parts[2]));
    }, ran, b -> b);
    assertThat(send(agent, "refund 42 100USD").outcome()).isEqualTo(GuardOutcome.MISS);
    GuardCheck reworded = send(agent, "issue_a_refund 42 100USD");
    assertThat(reworded.outcome()).as("the same arguments, the verb reworded").isEqualTo(GuardOutcome.HIT);
    assertThat(reworded.matchedLine()).isEqualTo("refund amount=100USD order=42");
    GuardCheck other = send(agent, "refund 43 100USD");
    assertThat(other.outcome()).isEqualTo(GuardOutcome.MISS);
    assertThat(other.basis()).isEqualTo(GuardBasis.IDENTITY);
    assertThat(send(agent, "refund 42 10USD").outcome()).as("another amount").isEqualTo(GuardOutcome.MISS);
    assertThat(ran).extracting(a -> a.identity().call().orElseThrow().arguments())
        .containsExactly(Map.of("amount", "100USD", "order", "42"), Map.of("amount", "100USD", "order", "43"),
            Map.of("amount", "10USD", "order", "42"));
    agent.stop();
  }

  @Test
  void should_tell_another_act_on_the_same_thing_from_a_repeat_and_never_block_the_opposite_act() throws Exception {
    List<dev.memloop.runtime.step.Action> ran = new CopyOnWriteArrayList<>();
    AgentHandle agent = agent("acts", Decision::act, ran, b -> b);
    assertThat(send(agent, "lock the account of acct-7").outcome()).isEqualTo(GuardOutcome.MISS);
    GuardCheck unlock = send(agent, "unlock the account of acct-7");
    assertThat(unlock.outcome()).as("the opposite act on the same account").isEqualTo(GuardOutcome.MISS);
    assertThat(unlock.basis()).isEqualTo(GuardBasis.MEANING);
    assertThat(send(agent, "lock the account of acct-7").outcome()).isEqualTo(GuardOutcome.HIT);
    assertThat(ran).hasSize(2);
    agent.stop();
  }

  @Test
  void should_match_by_meaning_alone_with_identifiers_off_as_before_identities() throws Exception {
    List<dev.memloop.runtime.step.Action> ran = new CopyOnWriteArrayList<>();
    AgentHandle agent = agent("meaning-only", Decision::act, ran, b -> b.identifiers(IdentifierExtractor.none())
        .threshold(0.9));
    send(agent, "refund order-42");
    GuardCheck next = send(agent, "refund order-43");
    assertThat(next.outcome()).as("cosine alone cannot tell the orders apart (0.919)").isEqualTo(GuardOutcome.HIT);
    assertThat(next.identity()).isNull();
    agent.stop();
  }

  @Test
  void should_fail_the_step_naming_an_extractor_that_throws_and_run_nothing() throws Exception {
    List<dev.memloop.runtime.step.Action> ran = new CopyOnWriteArrayList<>();
    IdentifierExtractor broken = new IdentifierExtractor() {
      @Override
      public Identifiers extract(String text) {
        throw new IllegalStateException("no skus today");
      }

      @Override
      public String name() {
        return "sku-reader";
      }
    };
    AgentHandle agent = agent("broken", Decision::act, ran, b -> b.identifiers(broken));
    assertThatThrownBy(() -> agent.send("ship SKU-9").toCompletableFuture().get())
        .hasCauseInstanceOf(TurnFailedException.class)
        .hasMessageContaining("identifier extractor sku-reader failed on 'ship SKU-9'")
        .hasMessageContaining("no skus today");
    assertThat(ran).as("the action does not run").isEmpty();
    agent.stop();
  }

  @Test
  void should_refuse_a_bad_key_or_call_naming_it_before_anything_is_recorded() {
    assertThatThrownBy(() -> Decision.act("refund order-42", " ")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("an idempotency key must not be null or blank: ' '");
    assertThatThrownBy(() -> Decision.act("refund order-42", "k".repeat(257)))
        .hasMessage("an idempotency key may have at most 256 characters: 257");
    assertThatThrownBy(() -> ActionCall.of(" ")).hasMessage("an action call's verb must not be null or blank: ' '");
    assertThatThrownBy(() -> ActionCall.of("refund").with("order", ""))
        .hasMessage("an action call's argument order must not be null or blank: ''");
    assertThatThrownBy(() -> ActionCall.of("refund").with("", "42"))
        .hasMessage("an action call's argument name must not be null or blank: ''");
    assertThatThrownBy(() -> ActionCall.of("refund").with("order", "4".repeat(513)))
        .hasMessage("an action call's argument order may have at most 512 characters: 513");
    assertThatThrownBy(() -> new Decision(Decision.Kind.SKIP, "x", Decision.Recognition.NONE, List.of(), List.of(),
        ActionIdentity.key("k"))).hasMessageContaining("only an act has a key or a call, not SKIP");
    assertThatThrownBy(() -> Decision.act((ActionCall) null)).hasMessage("a structured action needs its call");
  }
}
