package dev.memloop.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memloop.memory.testing.SteadyAllocation;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A single-owner memory promises no allocation beyond its results. The guard's question is a threshold match that
 * usually misses on a unit query, as embedders give (a miss answers the shared {@code Optional.empty()}), so a miss must allocate nothing at all.
 * Counted by {@link SteadyAllocation} once the kernels are compiled, so this is a count, not a timing.
 */
class HotPathAllocationTest {

  @Test
  void should_allocate_nothing_for_a_threshold_match_that_misses() {
    int dimension = 256;
    SplittableRandom random = new SplittableRandom(17);
    try (WorkingMemory memory = WorkingMemory.builder(dimension).build()) {
      for (int i = 0; i < 1_000; i++) {
        memory.addVector(gaussian(random, dimension), "item " + i, i % 2 == 0 ? java.util.Map.of()
            : java.util.Map.of(MemoryKind.KEY, "ACTION", ItemIdentity.KEY, "order-" + (i % 50)));
      }
      float[] query = unit(gaussian(random, dimension)); // as every embedder returns it (others are copied, scaled)
      assertThat(memory.matchVector(query, 0.99)).as("the query misses").isEmpty();
      SteadyAllocation allocation = SteadyAllocation.measure(() -> memory.matchVector(query, 0.99), 20_000, 5_000,
          10, 0);
      assertThat(allocation.bytesPerCall()).as("bytes per missing match over 1,000 items, " + allocation).isZero();
      SteadyAllocation amongActions = SteadyAllocation.measure(
          () -> memory.matchVector(query, 0.99, MemoryKind.ACTION), 20_000, 5_000, 10, 0);
      assertThat(amongActions.bytesPerCall()).as("the guard's: among actions, " + amongActions).isZero();
      SteadyAllocation ofOneIdentity = SteadyAllocation.measure(
          () -> memory.matchVector(query, 0.99, MemoryKind.ACTION, "order-7"), 20_000, 5_000, 10, 0);
      assertThat(ofOneIdentity.bytesPerCall()).as("among one identity's ten actions, " + ofOneIdentity).isZero();
      SteadyAllocation ofNone = SteadyAllocation.measure(
          () -> memory.matchVector(query, 0.99, MemoryKind.ACTION, ItemIdentity.NONE), 20_000, 5_000, 10, 0);
      assertThat(ofNone.bytesPerCall()).as("among actions without one, " + ofNone).isZero();
      // the one read: the guard's question as a query, answered by the same shorthand
      MemoryQuery nearest = MemoryQuery.nearest(query, 0.99, MemoryKind.ACTION, "order-7");
      assertThat(memory.search(nearest)).as("the query misses").isEmpty();
      SteadyAllocation asAQuery = SteadyAllocation.measure(() -> memory.search(nearest), 20_000, 5_000, 10, 0);
      assertThat(asAQuery.bytesPerCall()).as("search(MemoryQuery.nearest(...)), " + asAQuery).isZero();
    }
  }

  @Test
  void should_allocate_nothing_for_a_bm25_query_beyond_its_results() {
    dev.memloop.memory.index.LexicalIndex index = new dev.memloop.memory.index.LexicalIndex();
    for (int i = 0; i < 500; i++) {
      index.add(i, "the refund of order-" + i + " was sent to the customer on Friday");
    }
    // the analyzer's reused token stream reads the query in place: no string per term, no lambda per search
    String miss = "which purchases did the warehouses deliver";
    assertThat(index.search(miss, 10)).as("no text holds its terms").isEmpty();
    SteadyAllocation allocation = SteadyAllocation.measure(() -> index.search(miss, 10), 20_000, 5_000, 10, 0);
    assertThat(allocation.bytesPerCall()).as("bytes per BM25 query that finds nothing, " + allocation).isZero();
  }

  private static float[] unit(float[] v) {
    double norm = 0;
    for (float x : v) {
      norm += (double) x * x;
    }
    for (int i = 0; i < v.length; i++) {
      v[i] = (float) (v[i] / Math.sqrt(norm));
    }
    return v;
  }

  private static float[] gaussian(SplittableRandom random, int dimension) {
    float[] v = new float[dimension];
    for (int i = 0; i < dimension; i++) {
      v[i] = (float) random.nextGaussian();
    }
    return v;
  }
}
