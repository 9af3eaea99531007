package dev.memloop.runtime;

import dev.memloop.blackboard.Blackboard;
import dev.memloop.blackboard.BlackboardSetup;
import dev.memloop.memory.Embedder;
import dev.memloop.memory.actor.MemoryStore;
import dev.memloop.memory.timing.DelayTimer;
import dev.memloop.runtime.board.SharedBoard;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;

/**
 * A shared blackboard running in an actor system, made in one call: its writer (the blackboard actor, which orders
 * posts), the direct view its in-process readers read, and the read port networked readers read through with an
 * injected round trip. An agent joins it with one builder call, {@code AgentSpec.builder(id).board(handle.board())}.
 *
 * <pre>{@code
 * try (BoardHandle board = BoardHandle.start(system, embedder)) {
 *   AgentSpec reader = AgentSpec.builder("reader-1").board(board.board()).reasoner(...).build();
 *   ...
 * }
 * }</pre>
 *
 * <p><b>What a reader sees.</b> A post is on the board once the blackboard acknowledges it; an agent's turn is
 * answered only after every post it made is acknowledged. A reader's turn sees every post acknowledged before that
 * turn started: a per-turn agent exactly those (its turn-start snapshot), a per-step or networked agent those and any
 * acknowledged while its turn runs, and every agent its own posts at once. Which posts of other agents were
 * acknowledged before a turn started is the fleet's ordering: under {@code FleetOptions.LOCKSTEP} every agent's turn
 * t is answered before any turn t + 1 starts, so turn t + 1 sees all of turn t's posts; under
 * {@code FleetOptions.DEFAULT} agents run their turns independently, and a reader sees another agent's post from its
 * first turn that starts after the post is acknowledged.
 */
public final class BoardHandle implements AutoCloseable {

  private static final AtomicLong BOARDS = new AtomicLong();

  private final BlackboardSetup setup;
  private final SharedBoard board;
  private final ActorRef<MemoryStore.Reply> ignoredReplies;

  private BoardHandle(BlackboardSetup setup, SharedBoard board, ActorRef<MemoryStore.Reply> ignoredReplies) {
    this.setup = setup;
    this.board = board;
    this.ignoredReplies = ignoredReplies;
  }

  /** {@link #start(ActorSystem, Embedder, Duration, DelayTimer)} with reads through the port not delayed. */
  public static BoardHandle start(ActorSystem<?> system, Embedder embedder) {
    return start(system, embedder, Duration.ZERO, dev.memloop.memory.timing.HighResolutionTimer.shared());
  }

  /**
   * Spawns a blackboard and a read port delaying each read by {@code readRoundTrip} (what networked readers pay),
   * on memloop's dispatcher, named {@code blackboard-N} and {@code blackboard-reads-N}.
   *
   * @throws IllegalArgumentException naming the value: a null system, embedder or timer, a negative round trip
   */
  public static BoardHandle start(ActorSystem<?> system, Embedder embedder, Duration readRoundTrip, DelayTimer timer) {
    if (system == null || embedder == null || timer == null || readRoundTrip == null || readRoundTrip.isNegative()) {
      throw new IllegalArgumentException("a board needs its actor system, embedder and timer, and a read round trip "
          + ">= 0: " + system + ", " + embedder + ", " + timer + ", " + readRoundTrip);
    }
    BlackboardSetup setup = BlackboardSetup.of(embedder);
    long n = BOARDS.incrementAndGet();
    ActorRef<Blackboard.Command> writer = system.systemActorOf(setup.behavior(), "blackboard-" + n, MemloopDispatcher.props());
    ActorRef<MemoryStore.Command> reads = system.systemActorOf(setup.readPort(readRoundTrip, timer),
        "blackboard-reads-" + n, MemloopDispatcher.props());
    return new BoardHandle(setup, new SharedBoard(writer, setup.view(), reads), system.ignoreRef());
  }

  public SharedBoard board() {
    return board;
  }

  public int size() {
    return board.view().size();
  }

  /** Stops the blackboard and its read port and closes its memory; call once the fleet is done. */
  @Override
  public void close() {
    board.writer().tell(Blackboard.Stop.INSTANCE);
    board.readPort().tell(new MemoryStore.Close(0, ignoredReplies));
    setup.close();
  }
}
