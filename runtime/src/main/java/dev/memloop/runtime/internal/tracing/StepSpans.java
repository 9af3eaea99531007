package dev.memloop.runtime.internal.tracing;

import dev.memloop.runtime.step.GuardCheck;
import dev.memloop.runtime.step.GuardOutcome;
import dev.memloop.runtime.step.MemoryCall;
import dev.memloop.runtime.step.MemoryOp;
import dev.memloop.runtime.step.MemoryPath;
import dev.memloop.runtime.step.ModelCall;
import dev.memloop.runtime.step.StepRecord;
import dev.memloop.runtime.step.ToolCall;
import dev.memloop.runtime.step.ToolOutcome;
import dev.memloop.runtime.step.TurnResult;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * One step's spans from its record: a {@code memloop.step} span and under it the reasoning ({@code memloop.reasoner},
 * with the reasoner's memory calls, model calls ({@code chat}) and tool calls inside it), the guard's lookup ({@code memloop.memory.lookup}) and
 * the action ({@code memloop.action}). The record holds durations, so each span starts where the one before it
 * ended. Shared by an agent's live turn spans and the fleet's spans made after the turn.
 */
public final class StepSpans {

  public static final AttributeKey<String> AGENT = AttributeKey.stringKey("memloop.agent.id");
  public static final AttributeKey<String> GROUP = AttributeKey.stringKey("memloop.group");
  public static final AttributeKey<Long> TURN = AttributeKey.longKey("memloop.turn");
  public static final AttributeKey<Long> STEP = AttributeKey.longKey("memloop.step");
  public static final AttributeKey<String> OUTCOME = AttributeKey.stringKey("memloop.outcome");
  public static final AttributeKey<Boolean> EXECUTED = AttributeKey.booleanKey("memloop.executed");
  public static final AttributeKey<String> TOOL = AttributeKey.stringKey("memloop.tool.name");
  public static final AttributeKey<Boolean> GUARD = AttributeKey.booleanKey("memloop.guard");
  public static final AttributeKey<String> MEMORY_OP = AttributeKey.stringKey("memloop.memory.op");

  // The OpenTelemetry GenAI semantic conventions (semantic-conventions-genai v0.1.0, status Development): the names a
  // GenAI-aware backend reads; memloop's own facts stay memloop.* attributes on the same spans
  public static final AttributeKey<String> OPERATION = AttributeKey.stringKey("gen_ai.operation.name");
  public static final AttributeKey<String> AGENT_NAME = AttributeKey.stringKey("gen_ai.agent.name");
  public static final AttributeKey<String> TOOL_NAME = AttributeKey.stringKey("gen_ai.tool.name");
  public static final AttributeKey<String> MEMORY_STORE = AttributeKey.stringKey("gen_ai.memory.store.id");
  public static final AttributeKey<Long> MEMORY_RECORDS = AttributeKey.longKey("gen_ai.memory.record.count");
  public static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");
  public static final String INVOKE_AGENT = "invoke_agent";
  public static final String SEARCH_MEMORY = "search_memory";
  public static final String UPDATE_MEMORY = "update_memory";
  public static final String CREATE_MEMORY = "create_memory";
  public static final String EXECUTE_TOOL = "execute_tool";
  public static final String CHAT = "chat";
  public static final AttributeKey<String> PROVIDER = AttributeKey.stringKey("gen_ai.provider.name");
  public static final AttributeKey<String> REQUEST_MODEL = AttributeKey.stringKey("gen_ai.request.model");
  public static final AttributeKey<String> RESPONSE_MODEL = AttributeKey.stringKey("gen_ai.response.model");
  public static final AttributeKey<List<String>> FINISH_REASONS =
      AttributeKey.stringArrayKey("gen_ai.response.finish_reasons");
  public static final AttributeKey<Long> INPUT_TOKENS = AttributeKey.longKey("gen_ai.usage.input_tokens");
  public static final AttributeKey<Long> OUTPUT_TOKENS = AttributeKey.longKey("gen_ai.usage.output_tokens");

  private StepSpans() {}

  /** A turn's span, not yet started: {@code invoke_agent <agent>} with its GenAI and memloop attributes. */
  public static SpanBuilder turn(Tracer tracer, String agentId, int turn) {
    return tracer.spanBuilder(INVOKE_AGENT + " " + agentId).setAllAttributes(Attributes.of(OPERATION, INVOKE_AGENT,
        AGENT_NAME, agentId, AGENT, agentId, TURN, (long) turn));
  }

  public static final AttributeKey<String> POLICY = AttributeKey.stringKey("memloop.policy");
  public static final AttributeKey<Long> BUDGET = AttributeKey.longKey("memloop.budget.nanos");
  public static final AttributeKey<Long> SPENT = AttributeKey.longKey("memloop.budget.spent.nanos");
  public static final AttributeKey<Long> HOPS = AttributeKey.longKey("memloop.hops");
  public static final AttributeKey<Long> RESTARTS = AttributeKey.longKey("memloop.restarts");
  public static final AttributeKey<Long> CHARGED = AttributeKey.longKey("memloop.charged.nanos");

  /**
   * What the turn's span says once it was answered: the latency budget and what its lookups spent of it, the
   * messages it needed beyond its request and reply, restarts; an aborted turn is an error, by its failure.
   */
  public static void answered(Span turn, TurnResult result) {
    turn.setAttribute(SPENT, result.spentNanos()).setAttribute(HOPS, result.hops())
        .setAttribute(RESTARTS, (long) result.restarts());
    if (result.budgetNanos() > 0 && result.budgetNanos() < Long.MAX_VALUE) {
      turn.setAttribute(BUDGET, result.budgetNanos());
    }
    if (result.aborted()) {
      turn.setStatus(StatusCode.ERROR, String.valueOf(result.failure()));
      turn.setAttribute(ERROR_TYPE, "aborted");
    }
  }

  /**
   * Lays one step's spans under {@code parent}, the step starting at {@code start} (epoch nanoseconds) and lasting
   * its recorded wall time.
   *
   * @return where the next step starts
   */
  public static long lay(Tracer tracer, StepRecord record, Context parent, long start) {
    long wall = Math.max(0, record.wallNanos());
    Span step = tracer.spanBuilder("memloop.step").setParent(parent).setStartTimestamp(start, TimeUnit.NANOSECONDS)
        .setAttribute(STEP, (long) record.step()).setAttribute(OUTCOME, lower(record.guard().outcome()))
        .setAttribute(EXECUTED, record.executed()).startSpan();
    Context inStep = parent.with(step);
    GuardCheck guard = record.guard();
    long lookup = guard.outcome() == GuardOutcome.HIT || guard.outcome() == GuardOutcome.MISS
        || guard.outcome() == GuardOutcome.TIMED_OUT ? Math.max(0, guard.cost().chargedNanos()) : 0;
    long action = Math.max(0, record.action().nanos());
    long reasoning = Math.max(0, wall - lookup - action);
    long at = start;
    Span reasoner = child(tracer, "memloop.reasoner", inStep, at, at + reasoning, Attributes.empty());
    long inner = at;
    for (MemoryCall call : record.memory()) {
      long took = Math.max(0, call.cost().chargedNanos());
      // a write about a subject supersedes (named when sent: the span does not wait for a store to say whether a
      // version was there); any other write makes a new item
      String operation = call.op() == MemoryOp.SUPERSEDE ? UPDATE_MEMORY
          : call.op() == MemoryOp.REMEMBER ? CREATE_MEMORY : SEARCH_MEMORY;
      memory(tracer, operation, call.path(), parent.with(reasoner), inner, inner + took, Attributes.of(OPERATION,
          operation, MEMORY_STORE, record.agentId(), MEMORY_OP, lower(call.op()), OUTCOME, lower(call.outcome()),
          CHARGED, took));
      inner += took;
    }
    // each model call, then the tool calls its answer asked for; tool calls of a reasoner that records no model
    // call (a user's own) follow in a row
    List<ToolCall> tools = record.decision().toolCalls();
    int next = 0;
    for (ModelCall chat : record.decision().modelCalls()) {
      inner = chat(tracer, chat, parent.with(reasoner), inner);
      for (int i = 0; i < chat.toolCalls() && next < tools.size(); i++) {
        inner = tool(tracer, tools.get(next++), parent.with(reasoner), inner);
      }
    }
    while (next < tools.size()) {
      inner = tool(tracer, tools.get(next++), parent.with(reasoner), inner);
    }
    at += reasoning;
    if (lookup > 0) {
      // the guard's record keeps no path: a lookup that paid a round trip left the agent
      memory(tracer, SEARCH_MEMORY, guard.cost().delayNanos() > 0 ? MemoryPath.STORE : MemoryPath.DIRECT, inStep, at, at + lookup, Attributes.builder().put(OPERATION, SEARCH_MEMORY)
              .put(MEMORY_STORE, record.agentId()).put(GUARD, true).put(OUTCOME, lower(guard.outcome()))
              .put(CHARGED, lookup)
              .put(MEMORY_RECORDS, guard.outcome() == GuardOutcome.HIT ? 1L : 0L).build());
      at += lookup;
    }
    if (record.executed() || action > 0) {
      child(tracer, "memloop.action", inStep, at, at + action, Attributes.of(OUTCOME, lower(record.action().status())));
    }
    step.end(start + wall, TimeUnit.NANOSECONDS);
    return start + wall;
  }

  /** A model call's span, {@code chat <model>}, a client call with the GenAI attributes; returns where it ended. */
  private static long chat(Tracer tracer, ModelCall call, Context parent, long start) {
    long end = start + Math.max(0, call.nanos());
    var attributes = Attributes.builder().put(OPERATION, CHAT).put(PROVIDER, call.provider())
        .put(REQUEST_MODEL, call.model()).put(INPUT_TOKENS, call.inputTokens()).put(OUTPUT_TOKENS, call.outputTokens());
    if (call.responseModel() != null) {
      attributes.put(RESPONSE_MODEL, call.responseModel());
    }
    if (call.finishReason() != null) {
      attributes.put(FINISH_REASONS, List.of(call.finishReason()));
    }
    tracer.spanBuilder(CHAT + " " + call.model()).setParent(parent).setSpanKind(SpanKind.CLIENT)
        .setStartTimestamp(start, TimeUnit.NANOSECONDS).setAllAttributes(attributes.build()).startSpan()
        .end(end, TimeUnit.NANOSECONDS);
    return end;
  }

  /** A tool call's span, {@code execute_tool <tool>}; an outcome other than done or flagged is its error type. */
  private static long tool(Tracer tracer, ToolCall tool, Context parent, long start) {
    long end = start + Math.max(0, tool.nanos());
    var attributes = Attributes.builder().put(OPERATION, EXECUTE_TOOL).put(TOOL_NAME, tool.name())
        .put(TOOL, tool.name()).put(OUTCOME, lower(tool.outcome()));
    if (tool.outcome() != ToolOutcome.DONE && tool.outcome() != ToolOutcome.FLAGGED) {
      attributes.put(ERROR_TYPE, lower(tool.outcome())); // failed, blocked, unknown, bad arguments, cut
    }
    child(tracer, EXECUTE_TOOL + " " + tool.name(), parent, start, end, attributes.build());
    return end;
  }

  /**
   * A memory operation's span, named by its GenAI operation: {@code INTERNAL} when the memory answered in process,
   * {@code CLIENT} when the call left the agent (a networked store, a blackboard's read port), as the convention asks.
   */
  private static void memory(Tracer tracer, String operation, MemoryPath path, Context parent, long start, long end,
      Attributes attributes) {
    SpanKind kind = path == MemoryPath.STORE || path == MemoryPath.BOARD_PORT ? SpanKind.CLIENT : SpanKind.INTERNAL;
    tracer.spanBuilder(operation).setParent(parent).setSpanKind(kind).setStartTimestamp(start, TimeUnit.NANOSECONDS)
        .setAllAttributes(attributes).startSpan().end(Math.max(start, end), TimeUnit.NANOSECONDS);
  }

  /** A child span from {@code start} to {@code end}, ended (a parent of later children still: its context stays valid). */
  private static Span child(Tracer tracer, String name, Context parent, long start, long end, Attributes attributes) {
    Span span = tracer.spanBuilder(name).setParent(parent).setStartTimestamp(start, TimeUnit.NANOSECONDS)
        .setAllAttributes(attributes).startSpan();
    span.end(Math.max(start, end), TimeUnit.NANOSECONDS);
    return span;
  }

  /** The name of {@code value} in an attribute: lower case; {@code none} for null. */
  public static String lower(Enum<?> value) {
    return value == null ? "none" : value.name().toLowerCase(Locale.ROOT);
  }
}
