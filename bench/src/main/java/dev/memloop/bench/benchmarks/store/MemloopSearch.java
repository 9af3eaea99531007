package dev.memloop.bench.benchmarks.store;

import dev.memloop.memory.Recall;
import dev.memloop.memory.WorkingMemory;
import java.util.List;
import java.util.Map;

/** memloop's single-owner {@link WorkingMemory} with its default (exact) index, used through the public API. */
final class MemloopSearch implements SearchCompetitor<List<Recall>> {

  private final WorkingMemory memory;

  MemloopSearch(float[][] data) {
    memory = WorkingMemory.builder(data[0].length).build();
    for (int i = 0; i < data.length; i++) {
      memory.addVector(Integer.toString(i), data[i], null, Map.of());
    }
  }

  @Override
  public List<Recall> search(float[] query, int k) {
    return memory.recallVector(query, k);
  }

  @Override
  public double rescoredPerQuery() {
    return (double) memory.stats().reranked() / memory.stats().searches();
  }

  @Override
  public int[] indexes(List<Recall> result) {
    return result.stream().mapToInt(r -> Integer.parseInt(r.id())).toArray();
  }
}
