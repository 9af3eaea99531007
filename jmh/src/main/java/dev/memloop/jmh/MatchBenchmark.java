package dev.memloop.jmh;

import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.embed.HashingEmbedder;
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
 * The loop guard's question, {@code seen(actionLine, threshold)}, complete: embed the action line (the
 * deterministic hashing embedder, a stand-in for a local static embedder) and match it against memories of
 * triage action lines. Half the probes are stored lines (hits), half are new (misses).
 *
 * <p>Run: {@code ./memloop jmh MatchBenchmark}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Benchmark)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector", "-Xms2g", "-Xmx2g"})
public class MatchBenchmark {

  private static final int PROBES = 1 << 8;
  private static final int MASK = PROBES - 1;

  @Param({"100", "1000"})
  int size;

  @Param({"0.95"})
  double threshold;

  private WorkingMemory memory;
  private String[] probes;
  private int next;

  @Setup
  public void setup() {
    memory = WorkingMemory.builder(new HashingEmbedder(256)).expectedSize(size).build();
    for (int i = 0; i < size; i++) {
      memory.add(actionLine(i));
    }
    probes = new String[PROBES];
    for (int i = 0; i < PROBES; i++) {
      probes[i] = actionLine(i % 2 == 0 ? i % size : size + i); // even: stored, odd: new
    }
  }

  private static String actionLine(int i) {
    return "investigate host=web-" + (i % 97) + " sig=sig-" + (i / 97) + "-bruteforce";
  }

  @Benchmark
  public boolean seen() {
    return memory.seen(probes[next++ & MASK], threshold);
  }
}
