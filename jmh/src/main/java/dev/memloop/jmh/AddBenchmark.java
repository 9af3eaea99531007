package dev.memloop.jmh;

import dev.memloop.memory.Eviction;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.workloads.vectors.VectorSets;
import java.util.Map;
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
 * Cost of one pre-embedded add in steady state: the memory is at its capacity, so every add also evicts
 * the oldest item (the long-lived memory's regime). Vectors are precomputed and reused.
 *
 * <p>Run: {@code ./memloop jmh AddBenchmark}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector", "-Xms2g", "-Xmx2g"})
public class AddBenchmark {

  private static final int VECTORS = 1 << 12;
  private static final int MASK = VECTORS - 1;

  @Param({"1000"})
  int capacity;

  @Param({"256"})
  int dim;

  private WorkingMemory memory;
  private float[][] vectors;
  private int next;

  @Setup
  public void setup() {
    memory = WorkingMemory.builder(dim).capacity(capacity).eviction(Eviction.OLDEST_FIRST).build();
    vectors = VectorSets.random(7, VECTORS, dim);
    for (int i = 0; i < capacity; i++) {
      memory.addVector(vectors[i & MASK], null, Map.of());
    }
  }

  @Benchmark
  public String add() {
    return memory.addVector(vectors[next++ & MASK], null, Map.of());
  }
}
