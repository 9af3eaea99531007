package dev.memloop.agents.board;

import dev.memloop.blackboard.Blackboard;
import dev.memloop.blackboard.BlackboardSetup;
import dev.memloop.memory.Embedder;
import dev.memloop.memory.actor.MemoryStore;
import dev.memloop.memory.timing.DelayTimer;
import dev.memloop.runtime.MemloopDispatcher;
import dev.memloop.runtime.board.SharedBoard;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;

/** A running blackboard for one fleet run: its actor, its read port, and the parts to close afterwards. */
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

  /** Spawns a blackboard and a read port delaying each read by {@code readRoundTrip}. */
  public static BoardHandle start(ActorSystem<?> system, Embedder embedder, Duration readRoundTrip, DelayTimer timer) {
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
