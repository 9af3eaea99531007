package dev.memloop.runtime.internal.tracing;

import dev.memloop.runtime.step.StepRecord;
import dev.memloop.runtime.step.TurnResult;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import java.util.HashMap;
import java.util.Map;

/**
 * An agent's turn spans as its turns run: live with a tracer ({@link #of}), {@link #NONE} without one, so that the
 * agent calls the same three methods either way. Not thread-safe: owned by the agent.
 */
public interface TurnTrace {

  /** No tracing: every call does nothing. */
  TurnTrace NONE = new TurnTrace() {
    @Override
    public void start(int index, String traceParent) {}

    @Override
    public void step(StepRecord record) {}

    @Override
    public void end(TurnResult result) {}
  };

  /**
   * The turn spans of agent {@code agentId} traced with {@code tracer}, or {@link #NONE} when it is null.
   *
   * @param policy the agent's memory policy as its config names it ({@code per-step}...), on every turn's span
   */
  static TurnTrace of(Tracer tracer, String agentId, String policy) {
    return tracer == null ? NONE : new LiveTurnTrace(tracer, agentId, policy);
  }

  /** The turn starts, as the child of {@code traceParent}'s span (a root when null or malformed). */
  void start(int index, String traceParent);

  /** A step was recorded. */
  void step(StepRecord record);

  /** The turn was answered with {@code result} (aborted or not). */
  void end(TurnResult result);

  /** The W3C {@code traceparent} of {@code context}'s span, or null when it has none: what a sent turn carries. */
  static String traceParentOf(Context context) {
    if (!Span.fromContext(context).getSpanContext().isValid()) {
      return null; // no span current (no tracing at all, most often): nothing to carry, nothing to allocate
    }
    Map<String, String> carrier = new HashMap<>(2);
    W3CTraceContextPropagator.getInstance().inject(context, carrier, (map, key, value) -> map.put(key, value));
    return carrier.get(LiveTurnTrace.TRACEPARENT);
  }
}
