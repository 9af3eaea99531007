package dev.memloop.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memloop.bench.benchmarks.store.Competitor;
import dev.memloop.bench.benchmarks.store.StoreBenchmark;
import java.util.List;
import org.junit.jupiter.api.Test;

class StoreVerdictTest {

  private static StoreBenchmark.Result result(long memloopP50, long langchainP50) {
    return new StoreBenchmark.Result(null, List.of(
        new StoreBenchmark.Row(Competitor.MEMLOOP, "memloop", memloopP50, 0, 0, 0, 1, 1, 0),
        new StoreBenchmark.Row(Competitor.LANGCHAIN4J, "langchain4j", langchainP50, 0, 0, 0, 1, 0, 0)));
  }

  @Test
  void should_say_faster_when_memloop_wins() {
    assertThat(StoreCommand.verdict(result(1_000, 30_000))).contains("memloop is 30.0x faster than langchain4j");
  }

  @Test
  void should_say_slower_rather_than_a_fraction_of_faster_when_memloop_loses() {
    assertThat(StoreCommand.verdict(result(10_000, 1_000)))
        .contains("memloop is 10.0x slower than langchain4j")
        .doesNotContain("faster");
  }
}
