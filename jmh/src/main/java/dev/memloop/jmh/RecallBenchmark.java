package dev.memloop.jmh;

import dev.memloop.memory.IndexKind;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Top-k recall latency of a {@link WorkingMemory} holding seeded random unit vectors, through the public
 * API ({@code recallVector}), per index kind. Queries are precomputed; no randomness runs in the loop.
 *
 * <p>Run: {@code ./memloop jmh RecallBenchmark -p size=1000}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Benchmark)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector", "-Xms2g", "-Xmx2g"})
public class RecallBenchmark {

  private static final int QUERIES = 1 << 10;
  private static final int MASK = QUERIES - 1;

  @Param({"100", "1000", "10000"})
  int size;

  @Param({"EXACT", "FLAT"})
  IndexKind index;

  @Param({"256"})
  int dim;

  @Param({"8"})
  int k;

  @Param({"42"})
  long seed;

  private WorkingMemory memory;
  private float[][] queries;
  private int next;

  @Setup
  public void setup() {
    memory = WorkingMemory.builder(dim).index(index).expectedSize(size).build();
    for (float[] v : VectorSets.random(seed, size, dim)) {
      memory.addVector(v, null, Map.of());
    }
    queries = VectorSets.random(seed + 1, QUERIES, dim);
  }

  @TearDown
  public void tearDown() {
    memory.close();
  }

  @Benchmark
  public List<Recall> recall() {
    return memory.recallVector(queries[next++ & MASK], k);
  }
}
