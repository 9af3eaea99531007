package dev.memloop.bench.benchmarks.board;

import dev.memloop.blackboard.Blackboard;
import dev.memloop.blackboard.BlackboardSetup;
import dev.memloop.blackboard.BlackboardView;
import dev.memloop.memory.Recall;
import dev.memloop.memory.embed.HashingEmbedder;
import dev.memloop.runtime.MemloopDispatcher;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;

/**
 * Many agents posting to one blackboard while reader threads read it through the direct view, then an audit:
 * every acknowledged post present, each exactly once (ids and sequence numbers unique, the board's size equal to
 * the acknowledgments), each agent's every item acknowledged once, and no reader ever saw an entry whose text,
 * author and item number disagree or whose vector was missing.
 */
public final class BoardStress {

  /** What the run did and what the audit found; {@link #passed()} when nothing was lost, doubled or torn. */
  public record Result(int agents, int postsPerAgent, long acknowledged, long rejected, int boardSize,
      long duplicateIds, long duplicateSequences, long missing, long itemsNotAcknowledgedOnce, long reads,
      long tornReads, long wallNanos) {

    public boolean passed() {
      return acknowledged == (long) agents * postsPerAgent && rejected == 0 && boardSize == acknowledged
          && duplicateIds == 0 && duplicateSequences == 0 && missing == 0 && itemsNotAcknowledgedOnce == 0
          && tornReads == 0;
    }

    public double postsPerSecond() {
      return acknowledged / (wallNanos / 1e9);
    }
  }

  private BoardStress() {}

  /**
   * @param readPauseNanos each reader's pause between reads (0: a flood of reads, the hardest case for the writer)
   */
  public static Result run(ActorSystem<?> system, int agents, int postsPerAgent, int window, int readers,
      long readPauseNanos) throws InterruptedException {
    if (agents <= 0 || postsPerAgent <= 0 || window <= 0 || readers < 0 || readPauseNanos < 0) {
      throw new IllegalArgumentException("agents, posts and window must be > 0, readers and the read pause >= 0: "
          + agents + ", " + postsPerAgent + ", " + window + ", " + readers + ", " + readPauseNanos);
    }
    BlackboardSetup setup = BlackboardSetup.of(new HashingEmbedder(64));
    ActorRef<Blackboard.Command> board = system.systemActorOf(setup.behavior(), "stress-board-" + System.nanoTime(),
        MemloopDispatcher.props());
    ConcurrentLinkedQueue<StressPoster.Ack> acked = new ConcurrentLinkedQueue<>();
    ConcurrentLinkedQueue<Blackboard.PostRejected> rejected = new ConcurrentLinkedQueue<>();
    CountDownLatch done = new CountDownLatch(agents);
    AtomicBoolean writing = new AtomicBoolean(true);
    AtomicLong reads = new AtomicLong();
    AtomicLong torn = new AtomicLong();
    List<Thread> readerThreads = new ArrayList<>();
    for (int r = 0; r < readers; r++) {
      int seed = r;
      Thread reader = new Thread(() -> readUntil(setup.view(), writing, seed, agents, postsPerAgent, readPauseNanos, reads, torn),
          "stress-reader-" + r);
      reader.start();
      readerThreads.add(reader);
    }
    long start = System.nanoTime();
    for (int a = 0; a < agents; a++) {
      system.systemActorOf(StressPoster.create(board, a, postsPerAgent, window, acked, rejected, done),
          "stress-agent-" + a + "-" + start, MemloopDispatcher.props());
    }
    if (!done.await(1, TimeUnit.HOURS)) {
      throw new IllegalStateException("posters still waiting after an hour: " + done.getCount() + " of " + agents);
    }
    long wall = System.nanoTime() - start;
    writing.set(false);
    for (Thread reader : readerThreads) {
      reader.join();
    }
    Result result = audit(setup.view(), agents, postsPerAgent, acked, rejected.size(), reads.get(), torn.get(), wall);
    board.tell(Blackboard.Stop.INSTANCE);
    return result;
  }

  private static void readUntil(BlackboardView view, AtomicBoolean writing, int seed, int agents, int posts,
      long pauseNanos, AtomicLong reads, AtomicLong torn) {
    java.util.SplittableRandom random = new java.util.SplittableRandom(seed);
    while (writing.get()) {
      String query = StressPoster.text(random.nextInt(agents), random.nextInt(posts));
      for (Recall recall : view.recall(query, 4)) {
        if (!whole(view, recall)) {
          torn.incrementAndGet();
        }
      }
      view.match(query, 0.99); // the guard's read, racing the writer
      reads.incrementAndGet();
      if (pauseNanos > 0) {
        java.util.concurrent.locks.LockSupport.parkNanos(pauseNanos);
      }
    }
  }

  /** A whole entry: its text names the author and item its metadata carries, and its vector is there. */
  private static boolean whole(BlackboardView view, Recall recall) {
    Object author = recall.author();
    Object item = recall.metadata().get("item");
    return recall.text() != null && author instanceof String name && item != null && recall.metadata().containsKey("seq")
        && recall.text().equals("finding " + item + " of agent " + name.substring("agent-".length()))
        && view.vector(recall.id()).isPresent();
  }

  private static Result audit(BlackboardView view, int agents, int posts, ConcurrentLinkedQueue<StressPoster.Ack> acked,
      long rejected, long reads, long torn, long wall) {
    Set<String> ids = new HashSet<>(acked.size() * 2);
    Set<Long> sequences = new HashSet<>(acked.size() * 2);
    int[][] timesAcked = new int[agents][posts];
    long duplicateIds = 0, duplicateSequences = 0, missing = 0;
    for (StressPoster.Ack ack : acked) {
      Blackboard.Posted p = ack.posted();
      duplicateIds += ids.add(p.id()) ? 0 : 1;
      duplicateSequences += sequences.add(p.sequence()) ? 0 : 1;
      missing += view.vector(p.id()).isPresent() ? 0 : 1;
      timesAcked[ack.poster()][(int) p.requestId()]++;
    }
    long notOnce = 0;
    for (int[] agent : timesAcked) {
      for (int times : agent) {
        notOnce += times == 1 ? 0 : 1;
      }
    }
    return new Result(agents, posts, acked.size(), rejected, view.size(), duplicateIds, duplicateSequences, missing,
        notOnce, reads, torn, wall);
  }
}
