package dev.memloop.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memloop.memory.embed.HashingEmbedder;
import dev.memloop.memory.timing.OpStats;
import dev.memloop.memory.timing.Ticker;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Embedding and store time are recorded apart, per operation kind, from an injected clock. */
class TimingsTest {

  /** Advances 3 ns on every read; the embedder below advances it 700 ns more per call. */
  private static final class SteppingTicker implements Ticker {
    final AtomicLong now = new AtomicLong();

    @Override
    public long nanoTime() {
      return now.addAndGet(3);
    }
  }

  @Test
  void should_time_embedding_and_store_work_separately() {
    SteppingTicker ticker = new SteppingTicker();
    HashingEmbedder hashing = new HashingEmbedder(16);
    Embedder slow = new Embedder() {
      @Override
      public float[] embed(String text) {
        ticker.now.addAndGet(700);
        return hashing.embed(text);
      }

      @Override
      public int dimension() {
        return 16;
      }
    };
    try (WorkingMemory memory = WorkingMemory.builder(slow).ticker(ticker).build()) {
      assertThat(memory.timings().writeEmbed()).isEqualTo(OpStats.EMPTY);
      for (int i = 0; i < 5; i++) {
        memory.add("fact number " + i);
      }
      memory.recall("fact", 2);
      memory.seen("fact number 3", 0.9);
      memory.recallVector(hashing.embed("fact"), 1);
      memory.addVector(hashing.embed("pre-embedded"), "pre-embedded", Map.of());

      MemoryTimings t = memory.timings();
      assertThat(t.writeEmbed()).isEqualTo(new OpStats(5, 5, 703, 703, 703, 703));
      assertThat(t.writeStore()).isEqualTo(new OpStats(6, 6, 3, 3, 3, 3));
      assertThat(t.queryEmbed()).isEqualTo(new OpStats(2, 2, 703, 703, 703, 703));
      assertThat(t.queryStore()).isEqualTo(new OpStats(3, 3, 3, 3, 3, 3));
    }
  }

  @Test
  void should_record_nothing_in_an_untimed_memory_and_answer_as_a_timed_one() {
    HashingEmbedder hashing = new HashingEmbedder(16);
    for (boolean threadSafe : new boolean[] {false, true}) {
      WorkingMemoryBuilder untimedBuilder = WorkingMemory.builder(hashing).untimed();
      WorkingMemoryBuilder timedBuilder = WorkingMemory.builder(hashing);
      if (threadSafe) {
        untimedBuilder.threadSafe();
        timedBuilder.threadSafe();
      }
      try (WorkingMemory untimed = untimedBuilder.build(); WorkingMemory timed = timedBuilder.build()) {
        for (int i = 0; i < 5; i++) {
          untimed.add("fact number " + i);
          timed.add("fact number " + i);
        }
        assertThat(untimed.recall("fact", 2)).extracting(Recall::text)
            .isEqualTo(timed.recall("fact", 2).stream().map(Recall::text).toList());
        assertThat(untimed.timings()).isEqualTo(new MemoryTimings(OpStats.EMPTY, OpStats.EMPTY, OpStats.EMPTY,
            OpStats.EMPTY));
        assertThat(timed.timings().writeStore().count()).as("threadSafe " + threadSafe).isEqualTo(5);
      }
    }
  }

  @Test
  void should_not_allocate_samples_for_an_unused_memory() {
    try (WorkingMemory memory = WorkingMemory.allocate(new HashingEmbedder(8))) {
      MemoryTimings t = memory.timings();
      assertThat(t.writeEmbed().count() + t.writeStore().count() + t.queryEmbed().count() + t.queryStore().count())
          .isZero();
    }
  }
}
