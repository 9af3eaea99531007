package dev.memloop.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memloop.memory.embed.HashingEmbedder;
import dev.memloop.memory.index.PooledIndex;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ContentPoolTest {

  private static final Embedder EMBEDDER = new HashingEmbedder(32);

  @Test
  void should_hold_equal_content_once_for_every_memory() {
    ContentPool pool = ContentPool.create(32, 100);
    List<WorkingMemory> memories = new ArrayList<>();
    for (int m = 0; m < 3; m++) {
      WorkingMemory memory = WorkingMemory.builder(EMBEDDER).sharing(pool).expectedSize(2).build();
      memory.add(new String("isolate host web-01 for SIG-1001")); // equal texts, distinct instances
      memory.add("agent " + m + " was here");
      memories.add(memory);
    }
    assertThat(pool.vectors()).isEqualTo(4);
    assertThat(pool.texts()).isEqualTo(4);
    WorkingMemory unshared = WorkingMemory.builder(EMBEDDER).build();
    unshared.add("isolate host web-01 for SIG-1001");
    unshared.add("agent 0 was here");
    List<Recall> expected = unshared.recall("isolate web-01", 2);
    List<Recall> shared = memories.get(0).recall("isolate web-01", 2);
    assertThat(shared).extracting(Recall::text).isEqualTo(expected.stream().map(Recall::text).toList());
    assertThat(shared).extracting(Recall::similarity).isEqualTo(expected.stream().map(Recall::similarity).toList());
    memories.forEach(WorkingMemory::close);
    unshared.close();
  }

  @Test
  void should_store_new_content_as_the_memory_own_once_full() {
    ContentPool pool = ContentPool.create(32, 1);
    float[] first = row(1);
    float[] second = row(2);
    float[] held = pool.vector(first);
    assertThat(held).isNotSameAs(first).startsWith(first).hasSize(PooledIndex.stride(32));
    assertThat(pool.vector(first.clone())).isSameAs(held);
    // no room for the second: each add gets a padded copy of its own
    float[] own = pool.vector(second);
    assertThat(own).startsWith(second).isNotSameAs(pool.vector(second));
    assertThat(pool.vectors()).isEqualTo(1);
    try (WorkingMemory memory = WorkingMemory.builder(EMBEDDER).sharing(pool).build()) {
      memory.add("one");
      memory.add("two");
      assertThat(memory.recall("two", 1)).extracting(Recall::text).containsExactly("two");
    }
    assertThat(pool.vectors()).isEqualTo(1);
    assertThat(pool.texts()).isEqualTo(1);
  }

  @Test
  void should_hand_every_writer_the_same_row_under_concurrent_interning() throws Exception {
    int distinct = 40;
    int max = 25; // fewer places than contents: admission races on the last places too
    ContentPool pool = ContentPool.create(32, max);
    int threads = 4;
    ExecutorService executor = Executors.newFixedThreadPool(threads);
    CountDownLatch start = new CountDownLatch(1);
    List<Future<List<float[]>>> results = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      results.add(executor.submit(() -> {
        start.await();
        List<float[]> got = new ArrayList<>();
        for (int round = 0; round < 50; round++) {
          for (int c = 0; c < distinct; c++) {
            got.add(pool.vector(row(c))); // a fresh array each time, as an index passes
          }
        }
        return got;
      }));
    }
    start.countDown();
    Map<float[], Boolean> pooled = new IdentityHashMap<>();
    List<List<float[]>> all = new ArrayList<>();
    for (Future<List<float[]>> result : results) {
      all.add(result.get(30, TimeUnit.SECONDS));
    }
    executor.shutdown();
    assertThat(pool.vectors()).isEqualTo(max);
    for (int c = 0; c < distinct; c++) {
      float[] probe = row(c);
      float[] held = pool.vector(probe);
      boolean inPool = held == pool.vector(probe); // a vector not held is copied afresh each time
      Map<float[], Boolean> ownRows = new IdentityHashMap<>();
      for (List<float[]> got : all) {
        boolean admitted = false;
        for (int round = 0; round < 50; round++) {
          float[] seen = got.get(round * distinct + c);
          assertThat(seen).startsWith(probe).hasSize(PooledIndex.stride(32));
          // every writer is handed the pool's one row, or a copy of its own (never another's): and once a writer has
          // had the pool's row, it has it every time after
          if (seen == held) {
            admitted = true;
          } else {
            assertThat(admitted).isFalse();
            assertThat(ownRows.put(seen, true)).isNull();
          }
        }
      }
      if (inPool) {
        pooled.put(held, true);
      }
    }
    assertThat(pooled).hasSize(max);
  }

  @Test
  void should_name_bad_arguments() {
    assertThatThrownBy(() -> ContentPool.create(0, 10)).hasMessage("content pool dimension must be > 0: 0");
    assertThatThrownBy(() -> ContentPool.create(32, 0)).hasMessage("content pool max entries must be > 0: 0");
    ContentPool pool = ContentPool.create(32, 10);
    assertThatThrownBy(() -> pool.vector(new float[3])).hasMessage("vector of 3 floats in a pool of 32-dimensional rows");
    assertThatThrownBy(() -> WorkingMemory.builder(EMBEDDER).sharing(null))
        .hasMessage("content pool must not be null");
    assertThatThrownBy(() -> WorkingMemory.builder(EMBEDDER).sharing(pool).index(IndexKind.HNSW).build())
        .hasMessageContaining("sharing(pool) needs the exact or flat index");
    assertThatThrownBy(() -> WorkingMemory.builder(new HashingEmbedder(16)).sharing(pool).build())
        .hasMessage("content pool dimension 32 != memory dimension 16");
  }

  /** A padded row of the pool's stride whose content is a function of {@code c}. */
  private static float[] row(int c) {
    float[] row = new float[32];
    row[c % 32] = 1f;
    row[(c + 1) % 32] = c;
    return row;
  }
}
