package dev.memloop.runtime.internal.tracing;

import dev.memloop.runtime.step.GuardCheck;
import dev.memloop.runtime.step.GuardOutcome;
import dev.memloop.runtime.step.MemoryCall;
import dev.memloop.runtime.step.StepRecord;
import dev.memloop.runtime.step.ToolCall;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * One step's spans from its record: a {@code memloop.step} span and under it the reasoning ({@code memloop.reasoner},
 * with the reasoner's memory calls and tool calls inside it), the guard's lookup ({@code memloop.memory.lookup}) and
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

  private StepSpans() {}

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
        || guard.outcome() == GuardOutcome.TIMED_OUT ? Math.max(0, guard.chargedNanos()) : 0;
    long action = Math.max(0, record.action().nanos());
    long reasoning = Math.max(0, wall - lookup - action);
    long at = start;
    Span reasoner = child(tracer, "memloop.reasoner", inStep, at, at + reasoning, Attributes.empty());
    long inner = at;
    for (MemoryCall call : record.memory()) {
      long took = Math.max(0, call.chargedNanos());
      child(tracer, "memloop.memory." + lower(call.op()), parent.with(reasoner), inner, inner + took,
          Attributes.of(OUTCOME, lower(call.outcome())));
      inner += took;
    }
    for (ToolCall tool : record.decision().toolCalls()) {
      long took = Math.max(0, tool.nanos());
      child(tracer, "memloop.tool", parent.with(reasoner), inner, inner + took,
          Attributes.of(TOOL, tool.name(), OUTCOME, lower(tool.outcome())));
      inner += took;
    }
    at += reasoning;
    if (lookup > 0) {
      child(tracer, "memloop.memory.lookup", inStep, at, at + lookup, Attributes.of(OUTCOME, lower(guard.outcome())));
      at += lookup;
    }
    if (record.executed() || action > 0) {
      child(tracer, "memloop.action", inStep, at, at + action, Attributes.of(OUTCOME, lower(record.action().status())));
    }
    step.end(start + wall, TimeUnit.NANOSECONDS);
    return start + wall;
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
