package dev.memloop.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memloop.memory.embed.HashingEmbedder;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Many writers and readers at once: no write lost, none overwritten, reads always see acknowledged writes. */
class ConcurrentWorkingMemoryTest {

  private static final int WRITERS = 4;
  private static final int PER_WRITER = 600;

  @Test
  void should_keep_every_concurrent_write() throws Exception {
    WorkingMemory memory = WorkingMemory.builder(new HashingEmbedder(64)).threadSafe().build();
    ExecutorService pool = Executors.newFixedThreadPool(WRITERS + 2);
    CountDownLatch start = new CountDownLatch(1);
    ConcurrentLinkedQueue<String> acknowledged = new ConcurrentLinkedQueue<>();
    AtomicInteger readsThatMissedTheirOwnWrite = new AtomicInteger();
    List<Future<?>> futures = new ArrayList<>();
    for (int w = 0; w < WRITERS; w++) {
      int writer = w;
      futures.add(pool.submit(() -> {
        start.await();
        for (int i = 0; i < PER_WRITER; i++) {
          String text = "writer " + writer + " finding " + i + " on host-" + (i % 13);
          String id = memory.add(text);
          acknowledged.add(id);
          if (i % 50 == 0 && memory.match(text, 0.999).isEmpty()) { // a returned write is visible at once
            readsThatMissedTheirOwnWrite.incrementAndGet();
          }
        }
        return null;
      }));
    }
    for (int r = 0; r < 2; r++) {
      futures.add(pool.submit(() -> {
        start.await();
        for (int i = 0; i < 400; i++) {
          assertThat(memory.recall("finding on host-3", 5).size()).isLessThanOrEqualTo(5);
        }
        return null;
      }));
    }
    start.countDown();
    for (Future<?> f : futures) {
      f.get(60, TimeUnit.SECONDS);
    }
    pool.shutdown();

    Set<String> ids = new HashSet<>(acknowledged);
    assertThat(acknowledged).hasSize(WRITERS * PER_WRITER);
    assertThat(ids).hasSize(WRITERS * PER_WRITER);
    assertThat(memory.size()).isEqualTo(WRITERS * PER_WRITER);
    for (String id : ids) {
      assertThat(memory.vector(id)).as(id).isPresent();
    }
    assertThat(readsThatMissedTheirOwnWrite).hasValue(0);
    assertThat(memory.stats().searches()).isEqualTo(2 * 400 + WRITERS * (PER_WRITER / 50));
    memory.close();
  }

  @Test
  void should_never_overwrite_under_racing_caller_ids() throws Exception {
    WorkingMemory memory = WorkingMemory.builder(8).threadSafe().build();
    ExecutorService pool = Executors.newFixedThreadPool(4);
    CountDownLatch start = new CountDownLatch(1);
    AtomicInteger won = new AtomicInteger();
    AtomicInteger refused = new AtomicInteger();
    List<Future<?>> futures = new ArrayList<>();
    for (int t = 0; t < 4; t++) {
      float[] v = {t + 1, 1, 0, 0, 0, 0, 0, 0};
      String text = "thread " + t;
      futures.add(pool.submit(() -> {
        start.await();
        for (int i = 0; i < 200; i++) {
          try {
            memory.addVector("shared-" + i, v, text, java.util.Map.of());
            won.incrementAndGet();
          } catch (DuplicateIdException e) {
            refused.incrementAndGet();
          }
        }
        return null;
      }));
    }
    start.countDown();
    for (Future<?> f : futures) {
      f.get(60, TimeUnit.SECONDS);
    }
    pool.shutdown();
    assertThat(won).hasValue(200);
    assertThat(refused).hasValue(600);
    assertThat(memory.size()).isEqualTo(200);
  }
}
