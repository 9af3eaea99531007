package dev.memloop.runtime.tracing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.typesafe.config.ConfigFactory;
import dev.memloop.memory.embed.HashingEmbedder;
import dev.memloop.runtime.Agent;
import dev.memloop.runtime.AgentSpec;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.config.AgentConfigs;
import dev.memloop.runtime.fleet.Fleet;
import dev.memloop.runtime.fleet.FleetListener;
import dev.memloop.runtime.fleet.FleetMember;
import dev.memloop.runtime.fleet.FleetOptions;
import dev.memloop.runtime.fleet.FleetResult;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.reasoner.ScriptedReasoner;
import dev.memloop.runtime.step.Observation;
import dev.memloop.runtime.step.Turn;
import dev.memloop.runtime.step.TurnResult;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** The spans of a real fleet's turns, in OpenTelemetry's in-memory exporter: one trace per turn, nested as run. */
class TurnSpansTest {

  static final ActorTestKit testKit = ActorTestKit.create();
  static final AgentConfig BASE = AgentConfigs.agent(ConfigFactory.load()).withThreshold(0.99).withBudget(null);

  @AfterAll
  static void shutdown() {
    testKit.shutdownTestKit();
  }

  @Test
  void should_make_a_trace_per_turn_with_its_steps_lookups_and_actions() throws Exception {
    InMemorySpanExporter exporter = InMemorySpanExporter.create();
    try (SdkTracerProvider provider = SdkTracerProvider.builder()
        .addSpanProcessor(SimpleSpanProcessor.create(exporter)).build()) {
      List<TurnResult> heard = new ArrayList<>();
      TurnSpans spans = new TurnSpans(provider.get("test"), id -> "guarded");
      FleetResult result = Fleet.run(testKit.system(), List.of(member(0), member(1)), FleetOptions.DEFAULT,
          FleetListener.all(spans, heard::add)).toCompletableFuture().get(1, TimeUnit.MINUTES);
      assertThat(result.failure()).isNull();

      List<SpanData> all = exporter.getFinishedSpanItems();
      List<SpanData> turns = all.stream().filter(s -> "invoke_agent".equals(s.getAttributes().get(OPERATION))).toList();
      assertThat(turns).hasSize(heard.size()).hasSize(4);
      assertThat(turns).extracting(SpanData::getTraceId).doesNotHaveDuplicates();
      assertThat(turns).allSatisfy(t -> {
        assertThat(t.getParentSpanContext().isValid()).isFalse();
        assertThat(t.getAttributes().get(TurnSpans.GROUP)).isEqualTo("guarded");
        assertThat(t.getName()).isEqualTo("invoke_agent " + t.getAttributes().get(TurnSpans.AGENT));
        assertThat(t.getAttributes().get(io.opentelemetry.api.common.AttributeKey.stringKey("gen_ai.agent.name")))
            .isEqualTo(t.getAttributes().get(TurnSpans.AGENT));
      });
      List<SpanData> steps = named(all, "memloop.step");
      assertThat(steps).hasSize(heard.stream().mapToInt(r -> r.steps().size()).sum()).hasSize(4 * 3);
      Map<String, SpanData> byId = all.stream().collect(Collectors.toMap(SpanData::getSpanId, s -> s));
      assertThat(steps).allSatisfy(step -> {
        SpanData parent = byId.get(step.getParentSpanId());
        assertThat(parent.getName()).startsWith("invoke_agent ");
        assertThat(step.getStartEpochNanos()).isGreaterThanOrEqualTo(parent.getStartEpochNanos());
        assertThat(step.getEndEpochNanos()).isLessThanOrEqualTo(parent.getEndEpochNanos());
      });
      List<SpanData> lookups = named(all, "search_memory");
      assertThat(lookups).hasSize(4 * 3).allSatisfy(l -> {
        assertThat(byId.get(l.getParentSpanId()).getName()).isEqualTo("memloop.step");
        assertThat(l.getAttributes().get(OPERATION)).isEqualTo("search_memory");
        assertThat(l.getAttributes().get(io.opentelemetry.api.common.AttributeKey.booleanKey("memloop.guard"))).isTrue();
        assertThat(l.getAttributes().get(io.opentelemetry.api.common.AttributeKey.stringKey("gen_ai.memory.store.id")))
            .startsWith("agent-");
      });
      assertThat(lookups).extracting(l -> l.getAttributes().get(TurnSpans.OUTCOME)).contains("hit", "miss");
      assertThat(named(all, "memloop.action")).as("one per executed action")
          .hasSize((int) heard.stream().mapToLong(TurnResult::executed).sum());
      assertThat(named(all, "memloop.reasoner")).hasSize(4 * 3);
    }
  }

  static final io.opentelemetry.api.common.AttributeKey<String> OPERATION =
      io.opentelemetry.api.common.AttributeKey.stringKey("gen_ai.operation.name");

  @Test
  void should_refuse_a_missing_tracer() {
    assertThatThrownBy(() -> new TurnSpans(null, id -> null)).hasMessageContaining("turn spans need a tracer");
  }

  /** 2 turns of 3 lines; turn 1 repeats a line of turn 0 (a hit). */
  static FleetMember member(int i) {
    AgentSpec spec = AgentSpec.builder("agent-" + i).config(BASE.withPolicy(MemoryPolicyKind.PER_STEP)).threshold(0.99)
        .embedder(new HashingEmbedder(64)).reasoners(ctx -> ScriptedReasoner.actOnEveryObservation()).seed(i).build();
    List<Turn> turns = List.of(
        new Turn(0, List.of(new Observation("a", "isolate host-" + i + " alpha"),
            new Observation("b", "isolate host-" + i + " bravo"), new Observation("c", "isolate host-" + i + " charlie"))),
        new Turn(1, List.of(new Observation("d", "isolate host-" + i + " alpha"),
            new Observation("e", "isolate host-" + i + " delta"), new Observation("f", "isolate host-" + i + " echo"))));
    return new FleetMember(spec.id(), "guarded", Agent.create(spec), turns);
  }

  private static List<SpanData> named(List<SpanData> spans, String name) {
    return spans.stream().filter(s -> s.getName().equals(name)).toList();
  }
}
