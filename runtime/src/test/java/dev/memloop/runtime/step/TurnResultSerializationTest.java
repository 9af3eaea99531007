package dev.memloop.runtime.step;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.serialization.Serialization;
import org.apache.pekko.serialization.SerializationExtension;
import org.apache.pekko.serialization.Serializers;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * A turn's result crosses the cluster (a sharded agent answers on another node) in Jackson CBOR: every form of an
 * action's identity and what the guard found come back as they left.
 */
class TurnResultSerializationTest {

  static final ActorTestKit testKit = ActorTestKit.create();

  @AfterAll
  static void shutdown() {
    testKit.shutdownTestKit();
  }

  @Test
  void should_bring_back_each_identity_and_the_guard_s_basis_through_cbor() {
    Decision plain = Decision.act("refund order-42");
    Decision keyed = Decision.act("refund order-42", "req-7781");
    Decision call = Decision.act(ActionCall.of("refund").with("order", "42").with("amount", "100 USD"));
    Decision skip = Decision.skip("refund order-42", Decision.Recognition.MEMORY);
    GuardCheck hit = new GuardCheck(GuardOutcome.HIT, "refund order-42", 1.0, new ReadCost(1, 2, 0, 3, 4, false, -1, -1),
        "ids:[\"order-42\"]", GuardBasis.MEANING);
    List<StepRecord> steps = List.of(step(0, plain, hit), step(1, keyed, GuardCheck.UNAFFORDABLE), step(2, call,
        GuardCheck.NOT_APPLICABLE), step(3, skip, GuardCheck.NOT_APPLICABLE));
    TurnResult sent = new TurnResult("support", 0, steps, 100, 3, false, null, 0, 0, 0);

    Serialization serialization = SerializationExtension.get(testKit.system());
    var serializer = serialization.findSerializerFor(sent);
    byte[] bytes = serializer.toBinary(sent);
    TurnResult back = (TurnResult) serialization.deserialize(bytes, serializer.identifier(),
        Serializers.manifestFor(serializer, sent)).get();

    assertThat(serializer.getClass().getSimpleName()).as("the binding in reference.conf").contains("Jackson");
    assertThat(back.steps()).extracting(s -> s.decision().identity())
        .containsExactly(ActionIdentity.FROM_LINE, ActionIdentity.key("req-7781"), ActionIdentity.of(
            ActionCall.of("refund").with("amount", "100 USD").with("order", "42")), ActionIdentity.FROM_LINE);
    assertThat(back.steps().get(2).decision().identity().call()).hasValueSatisfying(c ->
        assertThat(c.line()).isEqualTo("refund amount=\"100 USD\" order=42"));
    assertThat(back.steps().get(0).guard()).isEqualTo(hit);
    assertThat(back.steps().get(1).guard()).isEqualTo(GuardCheck.UNAFFORDABLE);
  }

  private static StepRecord step(int index, Decision decision, GuardCheck guard) {
    return new StepRecord("support", 0, index, "o" + index, decision, guard, ActionRun.NOT_RUN, null, List.of(),
        PatternMarks.NONE, 10);
  }
}
