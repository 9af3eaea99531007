/**
 * What a running fleet or node counts, through Micrometer's facade: an application hands the runtime its own
 * {@link io.micrometer.core.instrument.MeterRegistry} (the CLI serves a Prometheus one with {@code --serve}).
 * Meters are recorded from each turn's {@link dev.memloop.runtime.step.TurnResult} as the turn is answered, on the
 * one thread that hears it (a fleet's coordinator, a sharded agent), never inside a step: the step loop's hot path
 * is untouched. Names and units are documented in docs/METRICS.md and spelled once, in {@link MetricNames}.
 */
package dev.memloop.runtime.metrics;
