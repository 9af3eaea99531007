package dev.memloop.cli;

import dev.memloop.cli.command.Options;
import dev.memloop.runtime.fleet.FleetListener;
import dev.memloop.runtime.tracing.TurnSpans;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.BatchSpanProcessor;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * {@code --otlp-endpoint URL} and {@code --trace-ratio R}: traces of the agents' turns ({@link TurnSpans}) exported
 * over OTLP/HTTP (protobuf) to a collector (Jaeger, Tempo, the OpenTelemetry Collector). Off without the endpoint.
 */
final class TraceOptions {

  /** Every export has this deadline; a collector that does not answer loses that batch, never the run. */
  static final Duration EXPORT_TIMEOUT = Duration.ofSeconds(10);
  /** Spans waiting for export; a fleet that makes them faster than the collector takes them drops the rest. */
  static final int QUEUE = 65_536;

  @Option(names = "--otlp-endpoint", paramLabel = "URL",
      description = "Export a trace of each turn (a span per turn and step, its lookups, memory, tool and model calls "
          + "and action) over OTLP/HTTP to this endpoint, as in http://127.0.0.1:4318/v1/traces (default: off).")
  String endpoint;

  @Option(names = "--trace-ratio", paramLabel = "R",
      description = "With --otlp-endpoint, the fraction of turns traced, in (0, 1] (default: 1).")
  Double ratio;

  /** The tracing of a run: a listener of its turns, flushed and shut down on close. */
  static final class Tracing implements AutoCloseable {
    static final Tracing NONE = new Tracing(null, FleetListener.NONE);

    private final SdkTracerProvider provider;
    private final FleetListener listener;

    private Tracing(SdkTracerProvider provider, FleetListener listener) {
      this.provider = provider;
      this.listener = listener;
    }

    FleetListener listener() {
      return listener;
    }

    boolean on() {
      return provider != null;
    }

    @Override
    public void close() {
      if (provider != null) {
        provider.forceFlush().join(EXPORT_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        provider.shutdown().join(EXPORT_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
      }
    }
  }

  void check(CommandLine.Model.CommandSpec spec) {
    Options.require(spec, endpoint != null || ratio == null, "--trace-ratio needs --otlp-endpoint URL");
    Options.require(spec, ratio == null || (ratio > 0 && ratio <= 1), "--trace-ratio must be in (0, 1]: " + ratio);
    if (endpoint != null) {
      Options.valid(spec, () -> checked(endpoint));
    }
  }

  /** An http(s) URL with a host and no user info (a secret in a URL would travel in every export and every log). */
  static URI checked(String value) {
    URI uri;
    try {
      uri = URI.create(value);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--otlp-endpoint " + value + ": not a URL");
    }
    if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme()) || uri.getHost() == null) {
      throw new IllegalArgumentException("--otlp-endpoint " + value + ": expected http(s)://HOST:PORT/v1/traces");
    }
    if (uri.getUserInfo() != null) {
      throw new IllegalArgumentException("--otlp-endpoint: a URL with credentials is refused (they would travel in "
          + "every export): use a collector on loopback");
    }
    return uri;
  }

  /** Starts exporting, or {@link Tracing#NONE} without --otlp-endpoint. */
  Tracing start(Function<String, String> groupOfAgent) {
    if (endpoint == null) {
      return Tracing.NONE;
    }
    OtlpHttpSpanExporter exporter = OtlpHttpSpanExporter.builder().setEndpoint(checked(endpoint).toString())
        .setTimeout(EXPORT_TIMEOUT).setConnectTimeout(EXPORT_TIMEOUT).build();
    SdkTracerProvider provider = SdkTracerProvider.builder()
        .setResource(Resource.getDefault().merge(Resource.create(Attributes.of(AttributeKey.stringKey("service.name"),
            "memloop"))))
        .setSampler(Sampler.traceIdRatioBased(ratio == null ? 1.0 : ratio))
        .addSpanProcessor(BatchSpanProcessor.builder(exporter).setMaxQueueSize(QUEUE)
            .setExporterTimeout(EXPORT_TIMEOUT).build())
        .build();
    return new Tracing(provider, new TurnSpans(provider.get("dev.memloop.runtime"), groupOfAgent));
  }
}
