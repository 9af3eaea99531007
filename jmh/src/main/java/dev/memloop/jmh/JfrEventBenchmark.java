package dev.memloop.jmh;

import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.embed.HashingEmbedder;
import dev.memloop.memory.jfr.MemoryOperationEvent;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the JFR memory events cost: the guard's {@code seen} (embed + match, two events) on 1,000 triage lines with no
 * recording and with a recording running ({@code -XX:StartFlightRecording}, in memory: every memory event recorded),
 * and the event alone, not recording, against an empty baseline.
 *
 * <p>Run: {@code ./memloop jmh -f 1 JfrEventBenchmark}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector", "-Xms2g", "-Xmx2g"})
public class JfrEventBenchmark {

  private static final int PROBES = 1 << 8;
  private static final int MASK = PROBES - 1;

  private WorkingMemory memory;
  private String[] probes;
  private int next;
  private long nanos;

  @Setup
  public void setup() {
    memory = WorkingMemory.builder(new HashingEmbedder(256)).expectedSize(1_000).build();
    for (int i = 0; i < 1_000; i++) {
      memory.add(line(i));
    }
    probes = new String[PROBES];
    for (int i = 0; i < PROBES; i++) {
      probes[i] = line(i % 2 == 0 ? i : 1_000 + i);
    }
  }

  private static String line(int i) {
    return "investigate host=web-" + (i % 97) + " sig=sig-" + (i / 97) + "-bruteforce";
  }

  @Benchmark
  public boolean seen() {
    return memory.seen(probes[next++ & MASK], 0.95);
  }

  @Benchmark
  @Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector", "-Xms2g", "-Xmx2g",
      "-XX:StartFlightRecording=disk=false,settings=default"})
  public boolean seenWhileRecording() {
    return memory.seen(probes[next++ & MASK], 0.95);
  }

  @Benchmark
  public long baseline() {
    return nanos++;
  }

  @Benchmark
  public long eventNotRecording() {
    MemoryOperationEvent.emit(3, nanos);
    return nanos++;
  }
}
