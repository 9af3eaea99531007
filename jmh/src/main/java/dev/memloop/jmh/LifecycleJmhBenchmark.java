package dev.memloop.jmh;

import dev.memloop.memory.Recall;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.workloads.vectors.VectorSets;
import java.util.List;
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
 * One ephemeral memory's life: allocate, add {@code items} pre-embedded vectors, recall once, close. The
 * side-by-side version with competitors is {@code memloop bench lifecycle}.
 *
 * <p>Run: {@code ./memloop jmh LifecycleJmhBenchmark}
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@State(Scope.Benchmark)
@Warmup(iterations = 10, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector", "-Xms2g", "-Xmx2g"})
public class LifecycleJmhBenchmark {

  private static final int SETS = 64;

  @Param({"10"})
  int items;

  @Param({"256"})
  int dim;

  private float[][][] sets;
  private float[][] queries;
  private int next;

  @Setup
  public void setup() {
    sets = new float[SETS][][];
    for (int s = 0; s < SETS; s++) {
      sets[s] = VectorSets.random(100 + s, items, dim);
    }
    queries = VectorSets.random(1, SETS, dim);
  }

  @Benchmark
  public List<Recall> lifecycle() {
    int s = next++ & (SETS - 1);
    try (WorkingMemory memory = WorkingMemory.builder(dim).expectedSize(items).build()) {
      for (float[] v : sets[s]) {
        memory.addVector(v, null, Map.of());
      }
      return memory.recallVector(queries[s], 8);
    }
  }
}
