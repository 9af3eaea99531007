package dev.memloop.runtime.internal.tracing;

import dev.memloop.runtime.step.StepRecord;
import dev.memloop.runtime.step.TurnResult;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapGetter;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One agent's live turn spans ({@link TurnTrace#of} with a tracer): {@code memloop.turn} starts when the turn starts, as the child of the context the
 * turn was sent with (a W3C {@code traceparent}, so that it crosses to another node as text), and ends when the turn
 * is answered (with an error status when it was aborted); each step's spans are laid under it when the step is
 * recorded, ending then and starting its recorded wall time before ({@link StepSpans}). Not thread-safe: owned by
 * the agent.
 */
final class LiveTurnTrace implements TurnTrace {

  static final String TRACEPARENT = "traceparent";
  private static final TextMapGetter<Map<String, String>> FROM_MAP = new TextMapGetter<>() {
    @Override
    public Iterable<String> keys(Map<String, String> carrier) {
      return carrier.keySet();
    }

    @Override
    public String get(Map<String, String> carrier, String key) {
      return carrier == null ? null : carrier.get(key);
    }
  };

  private final Tracer tracer;
  private final String agentId;
  private final String policy;
  private Span turn;
  private Context inTurn;

  /** @param policy the agent's memory policy as its config names it ({@code per-step}...), on every turn's span */
  LiveTurnTrace(Tracer tracer, String agentId, String policy) {
    this.tracer = tracer;
    this.agentId = agentId;
    this.policy = policy;
  }

  /** The turn starts: its span, the child of {@code traceParent}'s span (a root when null or malformed). */
  @Override
  public void start(int index, String traceParent) {
    Context parent = traceParent == null ? Context.root()
        : W3CTraceContextPropagator.getInstance().extract(Context.root(), Map.of(TRACEPARENT, traceParent), FROM_MAP);
    turn = StepSpans.turn(tracer, agentId, index).setParent(parent).setAttribute(StepSpans.POLICY, policy)
        .startSpan();
    inTurn = parent.with(turn);
  }

  /** A step was recorded: its spans, ending now. */
  @Override
  public void step(StepRecord record) {
    if (turn == null || !turn.isRecording()) {
      return; // not sampled: nothing below the turn would be kept either
    }
    StepSpans.lay(tracer, record, inTurn, epochNanos() - Math.max(0, record.wallNanos()));
  }

  /** The turn was answered with {@code result} (aborted or not). */
  @Override
  public void end(TurnResult result) {
    if (turn == null) {
      return;
    }
    StepSpans.answered(turn, result);
    turn.end();
    turn = null;
    inTurn = null;
  }

  private static long epochNanos() {
    Instant now = Instant.now();
    return TimeUnit.SECONDS.toNanos(now.getEpochSecond()) + now.getNano();
  }
}
