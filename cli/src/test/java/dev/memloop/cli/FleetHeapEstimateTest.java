package dev.memloop.cli;

import dev.memloop.cli.command.FleetFootprint;
import dev.memloop.cli.command.Heap;
import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/** The fleet's refusal estimate follows how the JVM lays objects out, from the measured live sets. */
class FleetHeapEstimateTest {

  @Test
  void should_plan_on_more_per_agent_the_wider_the_references_and_headers() {
    long compressed = FleetFootprint.liveBytesPerAgent(Heap.Layout.COMPRESSED_POINTERS);
    long compact = FleetFootprint.liveBytesPerAgent(Heap.Layout.COMPACT_HEADERS);
    long wide = FleetFootprint.liveBytesPerAgent(Heap.Layout.WIDE);
    // each at or above its measured live set at 100,000 agents (8.3, 9.8 and 10.8 KiB)
    assertThat(compressed).isGreaterThanOrEqualTo((long) (8.3 * 1024)).isLessThan(compact);
    assertThat(compact).isGreaterThanOrEqualTo((long) (9.8 * 1024)).isLessThan(wide);
    assertThat(wide).isGreaterThanOrEqualTo((long) (10.8 * 1024));
    assertThat(FleetFootprint.bytesPerAgent()).isEqualTo(
        (long) (FleetFootprint.liveBytesPerAgent(Heap.Layout.current()) * FleetFootprint.COLLECTOR_HEADROOM));
  }

  @Test
  void should_suggest_the_least_whole_heap_whose_usable_share_holds_the_estimate() {
    long gib = 1L << 30;
    // a million agents at 10 KiB times 1.25: 11.9 GiB, of which a heap may plan on 80%: 15 GiB
    assertThat(Heap.gibibytesFor(1_000_000L * 12_800)).isEqualTo(15);
    assertThat(Heap.gibibytesFor((long) (8 * gib * Heap.USABLE))).isEqualTo(8);
    assertThat(Heap.gibibytesFor((long) (8 * gib * Heap.USABLE) + 1)).isEqualTo(9);
    assertThat(Heap.gibibytesFor(1)).isEqualTo(1);
  }

  @Test
  void should_read_the_layout_of_the_running_jvm() {
    boolean compressedOops = ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class)
        .getVMOption("UseCompressedOops").getValue().equals("true");
    assertThat(Heap.Layout.current() == Heap.Layout.COMPRESSED_POINTERS).isEqualTo(compressedOops);
  }
}
