package dev.memloop.bench.benchmarks.board;

import dev.memloop.memory.actor.StoreQuery;
import dev.memloop.blackboard.Blackboard;
import dev.memloop.blackboard.BlackboardSetup;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.actor.MemoryStore;
import dev.memloop.memory.embed.HashingEmbedder;
import dev.memloop.memory.timing.HighResolutionTimer;
import dev.memloop.runtime.MemloopDispatcher;
import dev.memloop.workloads.vectors.VectorSets;
import java.time.Duration;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import org.apache.pekko.actor.typed.javadsl.Behaviors;

/**
 * A guard's read three ways at the same size and the same vectors: a private {@link WorkingMemory}'s
 * {@code matchVector} (the agent's own memory), the blackboard's direct view (shared, thread-safe), and an
 * {@code ask} to the blackboard's read port (a message each way, what the hot path avoids). Rounds alternate the
 * paths so that a noisy machine slows all three alike; the view's cost is the median of per-round p50 ratios.
 */
public final class BoardReadBenchmark {

  private static final double THRESHOLD = 0.9; // random queries match nothing: every read scans the whole board

  /** One path's latency over all rounds. */
  public record PathLatency(String path, long p50Nanos, long p99Nanos, long reads) {}

  public record Result(int items, int dimension, int rounds, int readsPerRound, PathLatency privateMatch,
      PathLatency viewMatch, PathLatency askMatch, double viewOverPrivate, double viewOverPrivateMin,
      double viewOverPrivateMax, double askOverView) {}

  private BoardReadBenchmark() {}

  public static Result run(ActorSystem<?> system, int items, int dimension, int rounds, int readsPerRound, long seed)
      throws Exception {
    SplittableRandom random = new SplittableRandom(seed);
    WorkingMemory own = WorkingMemory.builder(dimension).expectedSize(items).build();
    BlackboardSetup setup = BlackboardSetup.of(new HashingEmbedder(dimension));
    ActorRef<Blackboard.Command> board = system.systemActorOf(setup.behavior(), "bench-board-" + seed, MemloopDispatcher.props());
    ActorRef<MemoryStore.Command> port = system.systemActorOf(setup.readPort(Duration.ZERO, HighResolutionTimer.shared()),
        "bench-board-reads-" + seed, MemloopDispatcher.props());
    fill(system, board, own, items, dimension, random);
    float[][] queries = new float[readsPerRound][];
    for (int q = 0; q < readsPerRound; q++) {
      queries[q] = VectorSets.gaussian(random, dimension);
    }
    Histogram privateAll = new Histogram(3), viewAll = new Histogram(3), askAll = new Histogram(3);
    double[] ratios = new double[rounds];
    for (int r = 0; r < rounds; r++) {
      Histogram privateRound = new Histogram(3), viewRound = new Histogram(3);
      for (int q = 0; q < queries.length; q++) {
        float[] query = queries[q];
        // which path reads second alternates: the second finds the query (and the CPU) warm
        if ((q & 1) == 0) {
          privateRound.recordValue(time(() -> own.matchVector(query, THRESHOLD)));
          viewRound.recordValue(time(() -> setup.view().matchVector(query, THRESHOLD)));
        } else {
          viewRound.recordValue(time(() -> setup.view().matchVector(query, THRESHOLD)));
          privateRound.recordValue(time(() -> own.matchVector(query, THRESHOLD)));
        }
        askAll.recordValue(ask(system, port, query));
      }
      ratios[r] = (double) viewRound.getValueAtPercentile(50) / privateRound.getValueAtPercentile(50);
      privateAll.add(privateRound);
      viewAll.add(viewRound);
    }
    board.tell(Blackboard.Stop.INSTANCE);
    port.tell(new MemoryStore.Close(0, system.ignoreRef()));
    own.close();
    Arrays.sort(ratios);
    PathLatency privatePath = latency("private WorkingMemory.matchVector", privateAll);
    PathLatency viewPath = latency("blackboard view.matchVector", viewAll);
    PathLatency askPath = latency("ask to the board's read port (Match)", askAll);
    return new Result(items, dimension, rounds, readsPerRound, privatePath, viewPath, askPath, ratios[rounds / 2],
        ratios[0], ratios[rounds - 1], (double) askPath.p50Nanos() / viewPath.p50Nanos());
  }

  private static long time(Runnable read) {
    long start = System.nanoTime();
    read.run();
    return System.nanoTime() - start;
  }

  private static long ask(ActorSystem<?> system, ActorRef<MemoryStore.Command> port, float[] query) throws Exception {
    long start = System.nanoTime();
    AskPattern.<MemoryStore.Command, MemoryStore.Reply>ask(port, replyTo -> new MemoryStore.Search(0,
        StoreQuery.vector(query, 1, THRESHOLD), replyTo), Duration.ofSeconds(10), system.scheduler()).toCompletableFuture().get(10, TimeUnit.SECONDS);
    return System.nanoTime() - start;
  }

  /** The same vectors into both: the board through its actor (acknowledged), the private memory directly. */
  private static void fill(ActorSystem<?> system, ActorRef<Blackboard.Command> board, WorkingMemory own, int items,
      int dimension, SplittableRandom random) throws InterruptedException {
    CountDownLatch acked = new CountDownLatch(items);
    ActorRef<Blackboard.PostReply> acks = system.systemActorOf(Behaviors.receiveMessage(reply -> {
      acked.countDown();
      return Behaviors.same();
    }), "bench-board-acks-" + System.nanoTime(), MemloopDispatcher.props());
    for (int i = 0; i < items; i++) {
      float[] vector = VectorSets.gaussian(random, dimension);
      own.addVector(vector, "item " + i, java.util.Map.of());
      board.tell(new Blackboard.Post(i, "bench", "item " + i, vector, null, acks));
    }
    if (!acked.await(1, TimeUnit.MINUTES)) {
      throw new IllegalStateException("the board acknowledged " + (items - acked.getCount()) + " of " + items + " posts");
    }
  }


  private static PathLatency latency(String path, Histogram h) {
    return new PathLatency(path, h.getValueAtPercentile(50), h.getValueAtPercentile(99), h.getTotalCount());
  }
}
