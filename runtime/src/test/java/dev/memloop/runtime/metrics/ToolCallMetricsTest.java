package dev.memloop.runtime.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memloop.memory.embed.HashingEmbedder;
import dev.memloop.runtime.AgentHandle;
import dev.memloop.runtime.AgentSpec;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.step.Decision;
import dev.memloop.runtime.step.ToolCall;
import dev.memloop.runtime.step.ToolOutcome;
import dev.memloop.runtime.step.TurnResult;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * {@code memloop.tool.calls}: a turn's tool calls counted by tool and outcome; a run whose model invents more tool
 * names than {@link ToolCall#MAX_NAMED_TOOLS} counts the rest under {@code other}, so the series stay bounded.
 */
class ToolCallMetricsTest {

  static final ActorTestKit testKit = ActorTestKit.create();

  @AfterAll
  static void shutdown() {
    testKit.shutdownTestKit();
  }

  @Test
  void should_count_tool_calls_by_tool_and_outcome_and_bound_the_names() throws Exception {
    List<ToolCall> calls = new ArrayList<>(List.of(new ToolCall("lookupOrder", 16, ToolOutcome.DONE, 1_000, null),
        new ToolCall("lookupOrder", 16, ToolOutcome.DONE, 1_000, null),
        new ToolCall("cancelOrder", 16, ToolOutcome.FAILED, 1_000, "IllegalStateException: refused")));
    for (int i = 0; i < ToolCall.MAX_NAMED_TOOLS + 5; i++) {
      calls.add(new ToolCall("invented_" + i, 2, ToolOutcome.UNKNOWN_TOOL, 10, null));
    }
    AgentSpec spec = AgentSpec.builder("tools").policy(MemoryPolicyKind.NONE).embedder(new HashingEmbedder(32))
        .reasoner(step -> CompletableFuture.completedFuture(Decision.reply("done").withToolCalls(calls))).build();
    AgentHandle agent = AgentHandle.start(testKit.system(), spec);
    TurnResult turn = agent.send("one").toCompletableFuture().get(30, TimeUnit.SECONDS);
    agent.stop();

    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    new TurnMetrics(registry, "support", MemoryPolicyKind.NONE).record(turn);
    assertThat(registry.get(MetricNames.TOOL_CALLS).tag("tool", "lookupOrder").tag(MetricNames.OUTCOME, "done")
        .counter().count()).isEqualTo(2);
    assertThat(registry.get(MetricNames.TOOL_CALLS).tag("tool", "cancelOrder").tag(MetricNames.OUTCOME, "failed")
        .counter().count()).isEqualTo(1);
    assertThat(registry.get(MetricNames.TOOL_CALLS).counters().stream().map(c -> c.getId().getTag("tool"))
        .distinct()).as("at most so many names, and other").hasSize(ToolCall.MAX_NAMED_TOOLS + 1)
        .contains(ToolCall.OTHER_TOOLS);
    assertThat(registry.get(MetricNames.TOOL_CALLS).tag("tool", ToolCall.OTHER_TOOLS).counter().count())
        .as("71 names: 64 kept (two real, 62 invented), the last 7 invented under other").isEqualTo(7);
  }
}
