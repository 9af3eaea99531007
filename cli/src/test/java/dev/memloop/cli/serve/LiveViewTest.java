package dev.memloop.cli.serve;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.memloop.runtime.metrics.MetricNames;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MockClock;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleConfig;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The live page's object once the run ends: it says finished and keeps the run's totals and the percentiles it had,
 * where Micrometer's window, with no new sample, decays to 0 (on a clock moved by hand).
 */
class LiveViewTest {

  static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void should_keep_the_final_percentiles_and_say_finished_after_the_window_passes() throws Exception {
    MockClock clock = new MockClock();
    SimpleMeterRegistry registry = new SimpleMeterRegistry(SimpleConfig.DEFAULT, clock);
    Counter steps = Counter.builder(MetricNames.STEPS).tag(MetricNames.GROUP, "triage")
        .tag(MetricNames.POLICY, "per-step").register(registry);
    Timer store = Timer.builder(MetricNames.MEMORY_OPERATION).tag(MetricNames.GROUP, "triage")
        .tag(MetricNames.OPERATION, "store").publishPercentiles(0.5, 0.99)
        .distributionStatisticExpiry(Duration.ofSeconds(10)).distributionStatisticBufferLength(2).register(registry);
    steps.increment(40);
    for (int i = 1; i <= 100; i++) {
      store.record(i, TimeUnit.MICROSECONDS);
    }
    LiveView live = new LiveView(registry, "a test fleet");
    JsonNode running = JSON.readTree(live.json());
    assertThat(running.has("finished")).isFalse();
    double p99 = running.get("groups").get(0).get("storeP99Us").asDouble();
    assertThat(p99).isPositive();

    live.finish();
    clock.add(Duration.ofSeconds(60)); // past the window twice over: the timer's own percentiles read 0 now
    assertThat(store.takeSnapshot().percentileValues()[1].value()).as("what the page used to show").isZero();
    JsonNode after = JSON.readTree(live.json());
    assertThat(after.get("finished").asLong()).isPositive();
    assertThat(after.get("groups").get(0).get("storeP99Us").asDouble()).isEqualTo(p99);
    assertThat(after.get("groups").get(0).get("steps").asDouble()).isEqualTo(40);
  }
}
