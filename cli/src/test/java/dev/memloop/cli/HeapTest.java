package dev.memloop.cli;

import dev.memloop.cli.command.Heap;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The live set as a class histogram counts it, read from the histogram's Total line. */
class HeapTest {

  @Test
  void should_read_the_total_bytes_of_a_class_histogram() {
    String histogram = """
         num     #instances         #bytes  class name (module)
        -------------------------------------------------------
           1:         12345        1048576  [B (java.base@17.0.15)
           2:           678          54240  java.lang.String (java.base@17.0.15)
        Total         13023        1102816
        """;
    assertThat(Heap.histogramTotal(histogram)).isEqualTo(1_102_816);
    assertThat(Heap.histogramTotal("no histogram here")).isEqualTo(-1);
  }

  @Test
  void should_measure_a_live_set_that_holds_what_is_reachable() {
    long before = Heap.liveSetBytes();
    byte[][] held = new byte[64][];
    for (int i = 0; i < held.length; i++) {
      held[i] = new byte[1 << 20];
    }
    long with = Heap.liveSetBytes();
    assertThat(before).isPositive();
    // 64 MiB more are reachable; the rest of the JVM's live set moves by far less between the two readings
    assertThat(with - before).isBetween(60L << 20, 72L << 20);
    assertThat(held[63]).hasSize(1 << 20);
  }
}
