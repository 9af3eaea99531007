/**
 * OpenTelemetry traces of agents' turns, through the OpenTelemetry API only (the application, or the CLI's
 * {@code --otlp-endpoint}, supplies the SDK and its exporter; without one the API is a no-op). Spans are made from
 * each answered turn's records, after the turn, on the thread that hears it: the step loop's hot path is untouched,
 * and each span's times are the records' durations laid end to end, ending when the turn was answered.
 */
package dev.memloop.runtime.tracing;
