package dev.memloop.runtime.llm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memloop.memory.MemoryKind;
import dev.memloop.memory.embed.HashingEmbedder;
import dev.memloop.runtime.AgentHandle;
import dev.memloop.runtime.AgentSpec;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.config.AgentConfigs;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.step.ActionStatus;
import dev.memloop.runtime.step.Decision;
import dev.memloop.runtime.step.GuardOutcome;
import dev.memloop.runtime.step.StepRecord;
import dev.memloop.runtime.step.ToolCall;
import dev.memloop.runtime.step.ToolOutcome;
import dev.memloop.runtime.step.TurnResult;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.LogCapturingExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every order of memory tool calls completes under every policy, with each call's result carried back to the model:
 * a model that called {@code remember} first once hung its agent until the ask timed out. And an LLM agent acts:
 * its {@code act} call becomes the step's action, guarded and executed by the runtime.
 */
@ExtendWith(LogCapturingExtension.class)
@ExtendWith(ScriptedChatServerExtension.class)
class ToolOrdersTest {

  static final ActorTestKit testKit = ActorTestKit.create();
  static final ScriptedChatServer.ToolCall REMEMBER =
      new ScriptedChatServer.ToolCall("remember", "{\"text\":\"the customer wants a refund for order 42\"}");
  static final ScriptedChatServer.ToolCall RECALL =
      new ScriptedChatServer.ToolCall("recall", "{\"query\":\"refund for order 42\"}");
  static final ScriptedChatServer.ToolCall MATCH =
      new ScriptedChatServer.ToolCall("match", "{\"text\":\"the customer wants a refund for order 42\"}");

  ScriptedChatServer server;

  @BeforeEach
  void start(ScriptedChatServer server) throws Exception {
    this.server = server;
  }

  @AfterAll
  static void shutdown() {
    testKit.shutdownTestKit();
  }

  AgentHandle agent(MemoryPolicyKind policy) {
    AgentConfig config = AgentConfigs.defaults().withPolicy(policy).withThreshold(0.9).withBudget(null);
    ChatCalls calls = server.calls("scripted", new LlmCounters());
    return AgentHandle.start(testKit.system(), AgentSpec.builder("orders-" + policy.configName()).config(config)
        .embedder(new HashingEmbedder(64)).reasoners(LlmReasoner.builder(calls).factory()).build());
  }

  static TurnResult send(AgentHandle agent, String... observations) throws Exception {
    return agent.send(observations).toCompletableFuture().get(30, TimeUnit.SECONDS);
  }


  @ParameterizedTest
  @EnumSource(MemoryPolicyKind.class)
  void should_complete_a_step_whose_model_remembers_first(MemoryPolicyKind policy) throws Exception {
    server.toolCalls(REMEMBER).text("Noted.");
    AgentHandle agent = agent(policy);
    try {
      StepRecord step = send(agent, "I want a refund for order 42").steps().get(0);
      assertThat(step.decision().actionLine()).isEqualTo("Noted.");
      assertThat(server.toolResults(1)).singleElement().asString()
          .startsWith(policy == MemoryPolicyKind.NONE ? "not saved" : "saved");
    } finally {
      agent.stop();
    }
  }

  @ParameterizedTest
  @EnumSource(MemoryPolicyKind.class)
  void should_complete_a_step_whose_model_makes_several_memory_calls_in_one_reply(MemoryPolicyKind policy)
      throws Exception {
    server.toolCalls(REMEMBER, RECALL, MATCH).text("Checked.");
    AgentHandle agent = agent(policy);
    try {
      StepRecord step = send(agent, "I want a refund for order 42").steps().get(0);
      assertThat(step.decision().toolCalls()).extracting(ToolCall::name).containsExactly("remember", "recall", "match");
      assertThat(server.toolResults(1)).as("every result carried back, in order").hasSize(3);
      assertThat(step.memory()).hasSize(3);
    } finally {
      agent.stop();
    }
  }

  @ParameterizedTest
  @EnumSource(MemoryPolicyKind.class)
  void should_complete_a_step_whose_model_remembers_then_recalls_the_same_note(MemoryPolicyKind policy)
      throws Exception {
    server.toolCalls(REMEMBER).toolCalls(RECALL).text("Found it.");
    AgentHandle agent = agent(policy);
    try {
      send(agent, "I want a refund for order 42");
      String recalled = server.toolResults(2).get(1);
      switch (policy) {
        case PER_STEP, NETWORKED -> assertThat(recalled).as("a read sent after a write sees it")
            .contains("the customer wants a refund for order 42");
        case PER_TURN -> assertThat(recalled).as("this turn's writes are seen from the next turn").isEqualTo(
            "no notes saved");
        case NONE -> assertThat(recalled).startsWith("unavailable");
      }
    } finally {
      agent.stop();
    }
  }

  @ParameterizedTest
  @EnumSource(value = MemoryPolicyKind.class, names = {"PER_STEP", "NETWORKED"})
  void should_take_the_model_s_act_call_as_the_step_s_action_guarded_like_any(MemoryPolicyKind policy)
      throws Exception {
    ScriptedChatServer.ToolCall act = new ScriptedChatServer.ToolCall("act", "{\"action\":\"refund order 42\"}");
    server.toolCalls(REMEMBER, act).toolCalls(act);
    AgentHandle agent = agent(policy);
    try {
      TurnResult turn = send(agent, "I want a refund for order 42", "Refund order 42, please");
      StepRecord first = turn.steps().get(0);
      assertThat(first.decision()).satisfies(d -> {
        assertThat(d.kind()).isEqualTo(Decision.Kind.ACT);
        assertThat(d.actionLine()).isEqualTo("refund order 42");
      });
      assertThat(first.action().status()).isEqualTo(ActionStatus.DONE);
      assertThat(server.toolResults(0)).isEmpty();
      assertThat(server.requests()).as("the reply that acted ends the step's loop").hasSize(2);
      StepRecord second = turn.steps().get(1);
      assertThat(second.guard().outcome()).as("the same action again is a repeat").isEqualTo(GuardOutcome.HIT);
      assertThat(second.executed()).isFalse();
      assertThat(agent.snapshot().toCompletableFuture().get(30, TimeUnit.SECONDS).items()).filteredOn(
          i -> i.kind() == MemoryKind.ACTION).singleElement().satisfies(i -> {
            assertThat(i.text()).isEqualTo("refund order 42");
            assertThat(i.author()).isEqualTo(agent.id());
          });
    } finally {
      agent.stop();
    }
  }

  @ParameterizedTest
  @EnumSource(value = MemoryPolicyKind.class, names = {"PER_STEP"})
  void should_refuse_a_second_act_in_one_reply_and_keep_the_first(MemoryPolicyKind policy) throws Exception {
    server.toolCalls(new ScriptedChatServer.ToolCall("act", "{\"action\":\"refund order 42\"}"),
        new ScriptedChatServer.ToolCall("act", "{\"action\":\"refund order 43\"}"));
    AgentHandle agent = agent(policy);
    try {
      StepRecord step = send(agent, "Refund 42 and 43").steps().get(0);
      assertThat(step.decision().actionLine()).isEqualTo("refund order 42");
      assertThat(step.decision().toolCalls()).extracting(ToolCall::outcome)
          .containsExactly(ToolOutcome.DONE, ToolOutcome.FAILED);
    } finally {
      agent.stop();
    }
  }
}
