package dev.memloop.jmh;

import dev.memloop.memory.Embedder;
import dev.memloop.memory.ItemIdentity;
import dev.memloop.memory.MemoryKind;
import dev.memloop.memory.Recall;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.embed.Embedders;
import dev.memloop.runtime.GuardPair;
import dev.memloop.runtime.GuardPairs;
import dev.memloop.runtime.identity.IdentifierExtractor;
import dev.memloop.runtime.internal.identity.GuardKey;
import dev.memloop.runtime.internal.identity.GuardKeys;
import java.util.List;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The action guard's lookup with the default embedder, from the action line to the answer: {@code cosineToday}, the
 * guard before identities (embed the whole line, the nearest action at the threshold among every action), against
 * {@code identityAware}, the guard now (read the identifiers, embed the content words, the nearest action of that
 * identity, then the threshold and the opposite-act check). Memories of {@code size} actions written as each guard
 * writes them: memloop's adversarial set's first lines, then the same lines about other things; the probes are the
 * set's second lines (each a repeat or another act of a stored one).
 *
 * <p>Run: {@code ./memloop jmh GuardLookupBenchmark} (docs/BENCHMARKS.md, "The action guard", has the figures)
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Benchmark)
@Warmup(iterations = 10, time = 1) // the scanner's many small methods take some seconds to compile
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector", "-Xms2g", "-Xmx2g"})
public class GuardLookupBenchmark {

  private static final double THRESHOLD = 0.859;
  private static final Map<String, Object> ACTION = Map.of(MemoryKind.KEY, MemoryKind.ACTION.name());

  @Param({"100", "1000"})
  int size;

  private Embedder embedder;
  private IdentifierExtractor identifiers;
  private WorkingMemory whole;
  private WorkingMemory identified;
  private String[] probes;
  private int next;

  @Setup
  public void setup() {
    embedder = Embedders.defaultLocal();
    identifiers = IdentifierExtractor.standard();
    List<GuardPair> pairs = GuardPairs.standard();
    whole = WorkingMemory.builder(embedder).expectedSize(size).build();
    identified = WorkingMemory.builder(embedder).expectedSize(size).build();
    for (int i = 0; i < size; i++) {
      String line = pairs.get(i % pairs.size()).a() + (i < pairs.size() ? "" : " ref-" + i);
      whole.add(line, ACTION);
      GuardKey key = GuardKeys.ofLine(line, identifiers);
      identified.addVector(embedder.embed(key.wording()), line, key.identity() == null ? ACTION
          : Map.of(MemoryKind.KEY, MemoryKind.ACTION.name(), ItemIdentity.KEY, key.identity()));
    }
    probes = pairs.stream().map(GuardPair::b).toArray(String[]::new);
  }

  @TearDown
  public void close() {
    whole.close();
    identified.close();
  }

  private String probe() {
    String line = probes[next];
    next = next + 1 == probes.length ? 0 : next + 1;
    return line;
  }

  @Benchmark
  public Optional<Recall> cosineToday() {
    return whole.matchVector(embedder.embed(probe()), THRESHOLD, MemoryKind.ACTION);
  }

  @Benchmark
  public boolean identityAware() {
    GuardKey key = GuardKeys.ofLine(probe(), identifiers);
    float[] vector = embedder.embed(key.wording());
    if (key.identity() == null) {
      Optional<Recall> best = identified.matchVector(vector, THRESHOLD, MemoryKind.ACTION, ItemIdentity.NONE);
      return best.isPresent() && !key.opposes(best.get().text());
    }
    Optional<Recall> best = identified.matchVector(vector, -1, MemoryKind.ACTION, key.identity());
    return best.isPresent() && best.get().similarity() >= THRESHOLD && !key.opposes(best.get().text());
  }
}
