package dev.memloop.runtime.tracing;

import dev.memloop.runtime.fleet.FleetListener;
import dev.memloop.runtime.internal.tracing.StepSpans;
import dev.memloop.runtime.step.StepRecord;
import dev.memloop.runtime.step.TurnResult;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * A trace per answered turn, named as the OpenTelemetry GenAI semantic conventions name agent, tool and memory
 * operations: the turn is {@code invoke_agent <agent>}, with a {@code memloop.step} child per step, and under each
 * step its guard lookup ({@code search_memory}, {@code memloop.guard = true}), the reasoning ({@code memloop.reasoner}:
 * what the step took beyond its lookup and its action; a model call for a model's reasoner) with the reasoner's
 * memory calls inside it ({@code search_memory} for recall, match and seen, {@code create_memory} for remember,
 * {@code update_memory} for a remember about a subject, which supersedes, each
 * with {@code memloop.memory.op}) and its tool calls ({@code execute_tool <tool>}), and the action
 * ({@code memloop.action}). Every GenAI span carries {@code gen_ai.operation.name}; memloop's own facts are
 * {@code memloop.*} attributes beside it. docs/METRICS.md maps every name.
 *
 * <p>Made after the turn from its {@link TurnResult}, for a fleet whose agents have no tracer of their own (the
 * command line's {@code --otlp-endpoint}): the records hold durations, not instants, so each span starts where the
 * one before it ended, and the turn ends when it was answered. The order inside a step is the step loop's
 * (reasoner, lookup, action); the memory calls a reasoner made are laid inside its span. An agent given a tracer
 * ({@code AgentSpec.Builder.tracer}) makes its turn spans live instead, as the child of the context it was sent.
 */
public final class TurnSpans implements FleetListener {

  static final AttributeKey<String> AGENT = StepSpans.AGENT;
  static final AttributeKey<String> GROUP = StepSpans.GROUP;
  static final AttributeKey<Long> TURN = StepSpans.TURN;
  static final AttributeKey<String> OUTCOME = StepSpans.OUTCOME;

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
    Span turn = StepSpans.turn(tracer, result.agentId(), result.turn()).setNoParent()
        .setStartTimestamp(at, TimeUnit.NANOSECONDS).startSpan();
    if (group != null) {
      turn.setAttribute(GROUP, group);
    }
    if (!turn.isRecording()) {
      return; // not sampled (or no SDK): nothing below it would be kept either
    }
    StepSpans.answered(turn, result);
    Context inTurn = Context.root().with(turn);
    for (StepRecord step : result.steps()) {
      at = step(step, inTurn, at);
    }
    turn.end(end, TimeUnit.NANOSECONDS);
  }

  private long step(StepRecord record, Context parent, long start) {
    return StepSpans.lay(tracer, record, parent, start);
  }
}
