package dev.memloop.cli.serve;

import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

/** The registry a served command records into: Prometheus, with the JVM's own meters (collection pauses among them). */
public final class MeterRegistries {

  /** A Prometheus registry and the JVM binder that must be closed with it (it listens for collections). */
  public record Served(PrometheusMeterRegistry registry, JvmGcMetrics gc) implements AutoCloseable {
    @Override
    public void close() {
      gc.close();
      registry.close();
    }
  }

  private MeterRegistries() {}

  public static Served prometheus() {
    PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    JvmGcMetrics gc = new JvmGcMetrics();
    gc.bindTo(registry);
    new JvmMemoryMetrics().bindTo(registry);
    new JvmThreadMetrics().bindTo(registry);
    new ClassLoaderMetrics().bindTo(registry);
    new ProcessorMetrics().bindTo(registry);
    return new Served(registry, gc);
  }
}
