package dev.memloop.runtime.tracing;

import dev.memloop.runtime.fleet.FleetListener;
import dev.memloop.runtime.step.GuardCheck;
import dev.memloop.runtime.step.GuardOutcome;
import dev.memloop.runtime.step.MemoryCall;
import dev.memloop.runtime.step.StepRecord;
import dev.memloop.runtime.step.ToolCall;
import dev.memloop.runtime.step.TurnResult;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * A trace per answered turn: a {@code memloop.turn} span, a {@code memloop.step} child per step, and under each step
 * its guard lookup ({@code memloop.memory.lookup}), the reasoner's memory calls ({@code memloop.memory.recall},
 * {@code .match}, {@code .seen}, {@code .remember}), its tool calls ({@code memloop.tool}), the reasoning itself
 * ({@code memloop.reasoner}: what the step took beyond its lookups and its action; a model call for a model's
 * reasoner) and its action ({@code memloop.action}).
 *
 * <p>Made after the turn from its {@link TurnResult}: the records hold durations, not instants, so each span starts
 * where the one before it ended, and the turn ends when it was answered. The order inside a step is the step
 * loop's (reasoner, lookup, action); the memory calls a reasoner made are laid inside its span.
 */
public final class TurnSpans implements FleetListener {

  static final AttributeKey<String> AGENT = AttributeKey.stringKey("memloop.agent.id");
  static final AttributeKey<String> GROUP = AttributeKey.stringKey("memloop.group");
  static final AttributeKey<Long> TURN = AttributeKey.longKey("memloop.turn");
  static final AttributeKey<Long> STEP = AttributeKey.longKey("memloop.step");
  static final AttributeKey<String> OUTCOME = AttributeKey.stringKey("memloop.outcome");
  static final AttributeKey<Boolean> EXECUTED = AttributeKey.booleanKey("memloop.executed");
  static final AttributeKey<String> TOOL = AttributeKey.stringKey("memloop.tool.name");

  private final Tracer tracer;
  private final Function<String, String> groupOfAgent;

  /** @param groupOfAgent the group an agent reports under, by its id (tagged on its turns; null leaves it out) */
  public TurnSpans(Tracer tracer, Function<String, String> groupOfAgent) {
    if (tracer == null || groupOfAgent == null) {
      throw new IllegalArgumentException("turn spans need a tracer and a way to name an agent's group");
    }
    this.tracer = tracer;
    this.groupOfAgent = groupOfAgent;
  }

  @Override
  public void onTurn(TurnResult result) {
    long end = TimeUnit.MILLISECONDS.toNanos(System.currentTimeMillis());
    long total = 0;
    for (StepRecord step : result.steps()) {
      total += Math.max(0, step.wallNanos());
    }
    long at = end - total;
    String group = groupOfAgent.apply(result.agentId());
    Span turn = tracer.spanBuilder("memloop.turn").setNoParent().setStartTimestamp(at, TimeUnit.NANOSECONDS)
        .setAllAttributes(group == null ? Attributes.of(AGENT, result.agentId(), TURN, (long) result.turn())
            : Attributes.of(AGENT, result.agentId(), TURN, (long) result.turn(), GROUP, group))
        .startSpan();
    if (!turn.isRecording()) {
      return; // not sampled (or no SDK): nothing below it would be kept either
    }
    if (result.aborted()) {
      turn.setStatus(StatusCode.ERROR, String.valueOf(result.failure()));
    }
    Context inTurn = Context.root().with(turn);
    for (StepRecord step : result.steps()) {
      at = step(step, inTurn, at);
    }
    turn.end(end, TimeUnit.NANOSECONDS);
  }

  /** The step's spans from {@code start}; returns where the next step starts. */
  private long step(StepRecord record, Context parent, long start) {
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
    Span reasoner = child("memloop.reasoner", inStep, at, at + reasoning, Attributes.empty());
    long inner = at;
    for (MemoryCall call : record.memory()) {
      long took = Math.max(0, call.chargedNanos());
      child("memloop.memory." + lower(call.op()), parent.with(reasoner), inner, inner + took,
          Attributes.of(OUTCOME, lower(call.outcome())));
      inner += took;
    }
    for (ToolCall tool : record.decision().toolCalls()) {
      long took = Math.max(0, tool.nanos());
      child("memloop.tool", parent.with(reasoner), inner, inner + took,
          Attributes.of(TOOL, tool.name(), OUTCOME, lower(tool.outcome())));
      inner += took;
    }
    at += reasoning;
    if (lookup > 0) {
      child("memloop.memory.lookup", inStep, at, at + lookup, Attributes.of(OUTCOME, lower(guard.outcome())));
      at += lookup;
    }
    if (record.executed() || action > 0) {
      child("memloop.action", inStep, at, at + action, Attributes.of(OUTCOME, lower(record.action().status())));
    }
    step.end(start + wall, TimeUnit.NANOSECONDS);
    return start + wall;
  }

  /** A child span from {@code start} to {@code end}, ended (a parent of later children still: its context stays valid). */
  private Span child(String name, Context parent, long start, long end, Attributes attributes) {
    Span span = tracer.spanBuilder(name).setParent(parent).setStartTimestamp(start, TimeUnit.NANOSECONDS)
        .setAllAttributes(attributes).startSpan();
    span.end(Math.max(start, end), TimeUnit.NANOSECONDS);
    return span;
  }

  private static String lower(Enum<?> value) {
    return value == null ? "none" : value.name().toLowerCase(Locale.ROOT);
  }
}
