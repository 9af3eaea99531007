package dev.memloop.runtime.llm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.agent.tool.P;
import dev.langchain4j.agent.tool.Tool;
import dev.memloop.memory.embed.HashingEmbedder;
import dev.memloop.runtime.AgentHandle;
import dev.memloop.runtime.AgentSpec;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * The spans of an LLM agent's turn in the OpenTelemetry GenAI conventions' names, exported by the SDK: one turn with
 * a memory call, two model calls and a tool call, against the scripted server through the real client.
 */
class GenAiSpansTest {

  static final ActorTestKit testKit = ActorTestKit.create();

  @AfterAll
  static void shutdown() {
    testKit.shutdownTestKit();
  }

  static final class Weather {
    @Tool("The weather in a city today")
    public String weather(@P(name = "city", value = "the city") String city) {
      return "sunny in " + city;
    }
  }

  static AttributeKey<String> text(String key) {
    return AttributeKey.stringKey(key);
  }

  static AttributeKey<Long> number(String key) {
    return AttributeKey.longKey(key);
  }

  @Test
  void should_name_the_turn_the_model_calls_the_tool_call_and_the_memory_call_as_the_genai_conventions_do()
      throws Exception {
    InMemorySpanExporter exporter = InMemorySpanExporter.create();
    List<SpanData> all;
    try (ScriptedChatServer server = new ScriptedChatServer();
        SdkTracerProvider provider = SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(exporter))
            .build()) {
      server.toolCalls(new ScriptedChatServer.ToolCall("recall", "{\"query\":\"trip\"}"),
          new ScriptedChatServer.ToolCall("weather", "{\"city\":\"Lisbon\"}")).text("Sunny in Lisbon.");
      AgentSpec spec = AgentSpec.builder("planner").policy(MemoryPolicyKind.PER_STEP).embedder(new HashingEmbedder(64))
          .threshold(0.9).tracer(provider.get("test")).reasoners(LlmReasoner.builder(server.calls("gpt-5-mini",
              new LlmCounters())).tools(Tools.builder().add(new Weather()).build()).factory()).build();
      AgentHandle agent = AgentHandle.start(testKit.system(), spec);
      agent.send("Weather for my trip to Lisbon?").toCompletableFuture().get(30, TimeUnit.SECONDS);
      agent.stop();
      all = exporter.getFinishedSpanItems(); // before the provider closes: closing its exporter empties it
    }

    SpanData turn = one(all, "invoke_agent planner");
    assertThat(turn.getAttributes().get(text("gen_ai.operation.name"))).isEqualTo("invoke_agent");
    assertThat(turn.getAttributes().get(text("gen_ai.agent.name"))).isEqualTo("planner");
    assertThat(turn.getAttributes().get(number("memloop.hops"))).as("memloop's own facts on the same span")
        .isPositive(); // the model's answers came back as messages
    assertThat(turn.getAttributes().get(number("memloop.budget.spent.nanos"))).isNotNull();
    assertThat(turn.getAttributes().get(text("memloop.policy"))).isEqualTo("per-step");

    List<SpanData> chats = all.stream().filter(s -> s.getName().equals("chat gpt-5-mini")).toList();
    assertThat(chats).as("the call that asked for the tools, and the one that answered").hasSize(2);
    for (SpanData chat : chats) {
      assertThat(chat.getKind()).isEqualTo(SpanKind.CLIENT);
      assertThat(chat.getTraceId()).isEqualTo(turn.getTraceId());
      assertThat(chat.getAttributes().get(text("gen_ai.operation.name"))).isEqualTo("chat");
      assertThat(chat.getAttributes().get(text("gen_ai.provider.name"))).isEqualTo("openai");
      assertThat(chat.getAttributes().get(text("gen_ai.request.model"))).isEqualTo("gpt-5-mini");
      assertThat(chat.getAttributes().get(number("gen_ai.usage.input_tokens"))).isPositive();
      assertThat(chat.getAttributes().get(number("gen_ai.usage.output_tokens"))).isPositive();
    }
    assertThat(chats).extracting(c -> c.getAttributes().get(AttributeKey.stringArrayKey(
        "gen_ai.response.finish_reasons"))).containsExactly(List.of("tool_calls"), List.of("stop"));

    SpanData tool = one(all, "execute_tool weather");
    assertThat(tool.getAttributes().get(text("gen_ai.operation.name"))).isEqualTo("execute_tool");
    assertThat(tool.getAttributes().get(text("gen_ai.tool.name"))).isEqualTo("weather");
    assertThat(tool.getStartEpochNanos()).as("laid after the model call that asked for it")
        .isGreaterThanOrEqualTo(chats.get(0).getEndEpochNanos());

    SpanData memory = all.stream().filter(s -> s.getName().equals("search_memory")
        && !Boolean.TRUE.equals(s.getAttributes().get(AttributeKey.booleanKey("memloop.guard")))).findFirst()
        .orElseThrow();
    assertThat(memory.getAttributes().get(text("gen_ai.operation.name"))).isEqualTo("search_memory");
    assertThat(memory.getAttributes().get(text("gen_ai.memory.store.id"))).isEqualTo("planner");
    assertThat(memory.getAttributes().get(text("memloop.memory.op"))).isEqualTo("recall");
    assertThat(memory.getAttributes().get(number("memloop.charged.nanos"))).isNotNull();
    assertThat(List.of(chats.get(0), tool, memory)).allSatisfy(s -> assertThat(s.getTraceId())
        .isEqualTo(turn.getTraceId()));
  }

  private static SpanData one(List<SpanData> spans, String name) {
    List<SpanData> named = spans.stream().filter(s -> s.getName().equals(name)).toList();
    assertThat(named).as("spans named " + name + " among " + spans.stream().map(SpanData::getName).toList())
        .hasSize(1);
    return named.get(0);
  }
}
