package dev.memloop.jmh;

import dev.memloop.memory.Eviction;
import dev.memloop.memory.MemoryLifecycle;
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
 * What superseding by subject adds to a write: a pre-embedded add at 1,000 items in steady state (at capacity, each
 * add evicts one), plain beside one that names its subject, so that it supersedes the current version of one of 250
 * subjects (four versions each). The subject's lookup, the chain's order and the dated metadata are the difference;
 * the embedding, which both would pay, is left out. The target: the subject write within 1.2x the plain one.
 *
 * <p>Run: {@code ./memloop jmh SupersedeBenchmark}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector", "-Xms2g", "-Xmx2g"})
public class SupersedeBenchmark {

  private static final int VECTORS = 1 << 12;
  private static final int MASK = VECTORS - 1;
  private static final int SUBJECTS = 250;

  @Param({"1000"})
  int capacity;

  @Param({"256"})
  int dim;

  private WorkingMemory plain;
  private WorkingMemory subjects;
  private float[][] vectors;
  private Map<String, ?>[] aboutSubject;
  private int nextPlain;
  private int nextSubject;

  @Setup
  @SuppressWarnings("unchecked")
  public void setup() {
    plain = WorkingMemory.builder(dim).capacity(capacity).eviction(Eviction.OLDEST_FIRST).build();
    subjects = WorkingMemory.builder(dim).capacity(capacity).eviction(Eviction.OLDEST_FIRST).build();
    vectors = VectorSets.random(7, VECTORS, dim);
    aboutSubject = new Map[SUBJECTS];
    for (int s = 0; s < SUBJECTS; s++) {
      aboutSubject[s] = Map.of(MemoryLifecycle.SUBJECT, "customer " + s + " shipping address");
    }
    for (int i = 0; i < capacity; i++) {
      plain.addVector(vectors[i & MASK], null, Map.of());
      subjects.addVector(vectors[i & MASK], null, aboutSubject[i % SUBJECTS]);
    }
    nextPlain = capacity;
    nextSubject = capacity;
  }

  @Benchmark
  public String plainWrite() {
    return plain.addVector(vectors[nextPlain++ & MASK], null, Map.of());
  }

  @Benchmark
  public String subjectWrite() {
    int i = nextSubject++;
    return subjects.addVector(vectors[i & MASK], null, aboutSubject[i % SUBJECTS]);
  }
}
