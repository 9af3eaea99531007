package dev.memloop.jmh;

import dev.memloop.memory.MemoryKind;
import dev.memloop.memory.Recall;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.embed.HashingEmbedder;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What asking for actions only costs the guard: the store's side of its lookup ({@code matchVector}, the query
 * embedded once up front) over a memory whose items are half actions and half notes, among every item
 * ({@code anyKind}, the guard before kinds) and among the actions only ({@code actionsOnly}, the guard now). Half the
 * probes are stored actions (hits), half new lines (misses).
 *
 * <p>Run: {@code ./memloop jmh GuardKindBenchmark}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Benchmark)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector", "-Xms2g", "-Xmx2g"})
public class GuardKindBenchmark {

  private static final int PROBES = 1 << 8;
  private static final int MASK = PROBES - 1;
  private static final Map<String, Object> ACTION = Map.of(MemoryKind.KEY, MemoryKind.ACTION.name());
  private static final Map<String, Object> NOTE = Map.of(MemoryKind.KEY, MemoryKind.NOTE.name());

  @Param({"100", "1000"})
  int size;

  @Param({"0.95"})
  double threshold;

  private WorkingMemory memory;
  private float[][] probes;
  private int next;

  @Setup
  public void setup() {
    HashingEmbedder embedder = new HashingEmbedder(256);
    memory = WorkingMemory.builder(embedder).expectedSize(size).build();
    for (int i = 0; i < size; i++) {
      memory.add(line(i), i % 2 == 0 ? ACTION : NOTE);
    }
    probes = new float[PROBES][];
    for (int i = 0; i < PROBES; i++) {
      probes[i] = embedder.embed(line(i % 2 == 0 ? (2 * i) % size : size + i)); // even: a stored action, odd: new
    }
  }

  private static String line(int i) {
    return "investigate host=web-" + (i % 97) + " sig=sig-" + (i / 97) + "-bruteforce";
  }

  @Benchmark
  public Optional<Recall> anyKind() {
    return memory.matchVector(probes[next++ & MASK], threshold);
  }

  @Benchmark
  public Optional<Recall> actionsOnly() {
    return memory.matchVector(probes[next++ & MASK], threshold, MemoryKind.ACTION);
  }
}
