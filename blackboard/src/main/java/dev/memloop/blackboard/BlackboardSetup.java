package dev.memloop.blackboard;

import dev.memloop.memory.Embedder;
import dev.memloop.memory.actor.MemoryStore;
import dev.memloop.memory.timing.DelayTimer;
import java.time.Duration;
import org.apache.pekko.actor.typed.Behavior;

/**
 * A blackboard's parts: one thread-safe memory, the actor that writes it ({@link #behavior()}, spawn it once),
 * the direct {@link #view()} for agents in the same JVM, and {@link #readPort} for readers that come through
 * messages (the networked arm, another node), which answers the {@code MemoryStore} protocol with an injected
 * round trip and refuses writes.
 */
public final class BlackboardSetup {

  private final BoardState state;
  private final BlackboardView view;

  private BlackboardSetup(BoardState state) {
    this.state = state;
    this.view = new BlackboardView(state.memory);
  }

  /**
   * @param embedder thread-safe: posts, subscriptions and every reader share it
   */
  public static BlackboardSetup of(Embedder embedder, PostLimits limits) {
    return of(embedder, limits, BoardMemory.DEFAULT_SEGMENT_SIZE);
  }

  /** As above, sealing a segment every {@code segmentSize} posts (see {@link BoardMemory}). */
  static BlackboardSetup of(Embedder embedder, PostLimits limits, int segmentSize) {
    if (embedder == null || limits == null) {
      throw new IllegalArgumentException("a blackboard needs an embedder and post limits");
    }
    return new BlackboardSetup(new BoardState(new BoardMemory(embedder, segmentSize), embedder, limits));
  }

  public static BlackboardSetup of(Embedder embedder) {
    return of(embedder, PostLimits.DEFAULT);
  }

  /** The blackboard actor; spawn it once. */
  public Behavior<Blackboard.Command> behavior() {
    return Blackboard.create(state);
  }

  public BlackboardView view() {
    return view;
  }

  /** A {@code MemoryStore} over the blackboard's posts, read-only, each reply delayed by {@code roundTrip}. */
  public Behavior<MemoryStore.Command> readPort(Duration roundTrip, DelayTimer timer) {
    return MemoryStore.create(new ReadOnlyMemory(state.memory), roundTrip, timer);
  }

  public Embedder embedder() {
    return state.embedder;
  }

  /** Closes the memory; the blackboard actor and its readers must be done with it. */
  public void close() {
    state.memory.close();
  }
}
