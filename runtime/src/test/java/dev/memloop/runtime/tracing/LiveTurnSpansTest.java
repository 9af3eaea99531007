package dev.memloop.runtime.tracing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memloop.memory.embed.HashingEmbedder;
import dev.memloop.runtime.AgentHandle;
import dev.memloop.runtime.AgentSpec;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.step.Decision;
import dev.memloop.runtime.step.ToolCall;
import dev.memloop.runtime.step.ToolOutcome;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** An agent with a tracer: live turn spans, each the child of the span its turn was sent from. */
class LiveTurnSpansTest {

  static final ActorTestKit testKit = ActorTestKit.create();

  @AfterAll
  static void shutdown() {
    testKit.shutdownTestKit();
  }

  @Test
  void should_make_each_turn_the_child_of_the_span_it_was_sent_from_with_its_steps_under_it() throws Exception {
    InMemorySpanExporter exporter = InMemorySpanExporter.create();
    try (SdkTracerProvider provider = SdkTracerProvider.builder()
        .addSpanProcessor(SimpleSpanProcessor.create(exporter)).build()) {
      AgentSpec spec = AgentSpec.builder("traced").policy(MemoryPolicyKind.PER_STEP).embedder(new HashingEmbedder(64))
          .threshold(0.95).tracer(provider.get("test")).reasoner(step -> {
            if (step.observation().text().equals("poison")) {
              throw new IllegalStateException("the reasoner choked");
            }
            // a memory read, a write, and a tool call the reasoner made, as an LLM's tool loop records them
            return step.memory().recall(step.observation().text(), 2)
                .thenCompose(read -> step.memory().remember("asked about " + step.observation().text()))
                .thenCompose(written -> step.memory().remember("the last order asked about is "
                    + step.observation().text(), "last order asked about"))
                .thenApply(written -> Decision.act("refund " + step.observation().text()).withToolCalls(List.of(
                    new ToolCall("lookupOrder", 16, ToolOutcome.DONE, 1_000, null),
                    new ToolCall("cancelOrder", 16, ToolOutcome.FAILED, 1_000, "IllegalStateException: refused"))));
          }).build();
      AgentHandle agent = AgentHandle.start(testKit.system(), spec);
      Span request = provider.get("caller").spanBuilder("http.request").startSpan();
      try (Scope inRequest = request.makeCurrent()) {
        agent.send("order 42", "order 43").toCompletableFuture().get(30, TimeUnit.SECONDS);
      } finally {
        request.end();
      }
      assertThatThrownBy(() -> agent.send("poison").toCompletableFuture().get(30, TimeUnit.SECONDS))
          .hasMessageContaining("the reasoner choked"); // sent outside any span: a root
      agent.stop();

      List<SpanData> all = exporter.getFinishedSpanItems();
      SpanData parent = named(all, "http.request").get(0);
      List<SpanData> turns = named(all, "invoke_agent traced");
      assertThat(turns).hasSize(2);
      SpanData first = turns.stream().filter(t -> t.getAttributes().get(TurnSpans.TURN) == 0L).findFirst()
          .orElseThrow();
      assertThat(first.getTraceId()).isEqualTo(parent.getTraceId());
      assertThat(first.getParentSpanId()).as("the turn is the request's child").isEqualTo(parent.getSpanId());
      // within the request. The two spans' clocks are anchored apart (the turn's parent came as a traceparent, and
      // the SDK anchors a new wall-clock reading to nanoTime), so their times may disagree by the wall clock's
      // adjustment between the anchors (3.3 ms in one CI run on a loaded VM); a turn outside its request is not
      assertThat(first.getStartEpochNanos()).isGreaterThanOrEqualTo(parent.getStartEpochNanos() - 50_000_000L);
      assertThat(first.getEndEpochNanos()).isLessThanOrEqualTo(parent.getEndEpochNanos() + 50_000_000L);
      assertThat(named(all, "memloop.step")).filteredOn(s -> s.getParentSpanId().equals(first.getSpanId()))
          .hasSize(2);
      SpanData failed = turns.stream().filter(t -> t.getAttributes().get(TurnSpans.TURN) == 1L).findFirst()
          .orElseThrow();
      assertThat(failed.getParentSpanContext().isValid()).as("no span current: a root").isFalse();
      assertThat(failed.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
      assertThat(failed.getStatus().getDescription()).contains("the reasoner choked");
      assertThat(first.getAttributes().get(AttributeKey.stringKey("gen_ai.operation.name"))).isEqualTo("invoke_agent");
      assertThat(first.getAttributes().get(AttributeKey.stringKey("gen_ai.agent.name"))).isEqualTo("traced");

      // the GenAI names of a turn's memory and tool calls, under its steps, in its trace
      List<SpanData> inFirst = all.stream().filter(s -> s.getTraceId().equals(parent.getTraceId())).toList();
      assertThat(named(inFirst, "search_memory")).filteredOn(s -> s.getAttributes().get(AttributeKey.stringKey(
          "memloop.memory.op")) != null).hasSize(2).allSatisfy(s -> {
            assertThat(s.getAttributes().get(AttributeKey.stringKey("gen_ai.operation.name"))).isEqualTo("search_memory");
            assertThat(s.getAttributes().get(AttributeKey.stringKey("gen_ai.memory.store.id"))).isEqualTo("traced");
            assertThat(s.getKind()).as("in process").isEqualTo(SpanKind.INTERNAL);
          });
      assertThat(named(inFirst, "create_memory")).as("a remember makes an item").hasSize(2);
      assertThat(named(inFirst, "update_memory")).as("a remember about a subject supersedes").hasSize(2);
      assertThat(named(inFirst, "search_memory")).filteredOn(s -> Boolean.TRUE.equals(
          s.getAttributes().get(AttributeKey.booleanKey("memloop.guard")))).as("the guard's lookups").hasSize(2);
      assertThat(named(inFirst, "execute_tool lookupOrder")).hasSize(2).allSatisfy(s ->
          assertThat(s.getAttributes().get(AttributeKey.stringKey("gen_ai.tool.name"))).isEqualTo("lookupOrder"));
      assertThat(named(inFirst, "execute_tool cancelOrder")).allSatisfy(s ->
          assertThat(s.getAttributes().get(AttributeKey.stringKey("error.type"))).isEqualTo("failed"));
    }
  }

  @Test
  void should_refuse_a_null_tracer_naming_it() {
    assertThatThrownBy(() -> AgentSpec.builder("untraced").tracer(null)).hasMessageContaining("tracer must not be null");
  }

  private static List<SpanData> named(List<SpanData> spans, String name) {
    return spans.stream().filter(s -> s.getName().equals(name)).toList();
  }
}
