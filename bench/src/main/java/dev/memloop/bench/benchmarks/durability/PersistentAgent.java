package dev.memloop.bench.benchmarks.durability;

import dev.memloop.memory.MemoryItem;
import dev.memloop.runtime.AgentSnapshot;
import dev.memloop.runtime.CompactSnapshot;
import dev.memloop.runtime.RuntimeMessage;
import dev.memloop.runtime.cluster.DurableAgent;
import dev.memloop.runtime.step.Turn;
import dev.memloop.runtime.step.TurnResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.pekko.Done;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.persistence.typed.PersistenceId;
import org.apache.pekko.persistence.typed.SnapshotAdapter;
import org.apache.pekko.persistence.typed.javadsl.CommandHandler;
import org.apache.pekko.persistence.typed.javadsl.EventHandler;
import org.apache.pekko.persistence.typed.javadsl.EventSourcedBehavior;
import org.apache.pekko.persistence.typed.javadsl.RetentionCriteria;

/**
 * The alternative to a sharded agent's {@link DurableAgent} in Distributed Data, as Pekko Persistence would keep it:
 * each turn end is one event (the turn, its answer, the items the turn added and the ids it removed, the vectors in
 * half precision as {@link CompactSnapshot} keeps them), and every {@code snapshotEvery} events a snapshot of the
 * whole agent, as the same {@link DurableAgent} value. A restarted agent replays its latest snapshot and the events
 * after it. Measured against Distributed Data's durable store by {@link DurabilityBench}; not used by the runtime.
 */
final class PersistentAgent
    extends EventSourcedBehavior<PersistentAgent.Command, PersistentAgent.TurnEnded, PersistentAgent.Kept> {

  interface Command {}

  /** Keeps one turn end; answered once its event is in the journal. */
  record EndTurn(RecordedTurns.TurnEnd end, ActorRef<Done> replyTo) implements Command {}

  /** Answered after recovery: the agent as it was restored. */
  record GetRestored(ActorRef<Restored> replyTo) implements Command {}

  /** What a restored agent starts from, by either mechanism. */
  record Restored(AgentSnapshot memory, Turn lastTurn, TurnResult lastAnswer) {}

  /** The journal's event (Jackson CBOR, as everything the runtime keeps). */
  record TurnEnded(Turn turn, TurnResult answer, CompactSnapshot added, List<String> removed)
      implements RuntimeMessage {

    /** The event of {@code agentId}'s turn end {@code end}: what the journal's row holds. */
    static TurnEnded of(String agentId, RecordedTurns.TurnEnd end) {
      return new TurnEnded(end.turn(), end.answer(), CompactSnapshot.of(new AgentSnapshot(agentId,
          end.memory().turnsCompleted(), end.added())), end.removed());
    }
  }

  /**
   * The agent's state between events, changed in place by the event handler: only this actor touches it, and a
   * snapshot is taken of it as an immutable {@link DurableAgent} on the actor's thread ({@link #snapshotAdapter}).
   */
  static final class Kept {
    final Map<String, MemoryItem> items = new LinkedHashMap<>();
    int turnsCompleted;
    Turn lastTurn;
    TurnResult lastAnswer;
  }

  private final String agentId;
  private final int snapshotEvery;

  /** @param run tags this run's persistence ids, so that a database shared with earlier runs replays none of theirs */
  PersistentAgent(String run, String agentId, int snapshotEvery) {
    super(PersistenceId.ofUniqueId(persistenceId(run, agentId)));
    this.agentId = agentId;
    this.snapshotEvery = snapshotEvery;
  }

  static String persistenceId(String run, String agentId) {
    return run + "/memloop-agent-" + agentId;
  }

  @Override
  public Kept emptyState() {
    return new Kept();
  }

  @Override
  public CommandHandler<Command, TurnEnded, Kept> commandHandler() {
    return newCommandHandlerBuilder().forAnyState()
        .onCommand(EndTurn.class, (state, command) -> {
          return Effect().persist(TurnEnded.of(agentId, command.end()))
              .thenRun(kept -> command.replyTo().tell(Done.getInstance()));
        })
        .onCommand(GetRestored.class, (state, command) -> {
          command.replyTo().tell(new Restored(new AgentSnapshot(agentId, state.turnsCompleted,
              List.copyOf(state.items.values())), state.lastTurn, state.lastAnswer));
          return Effect().none();
        })
        .build();
  }

  @Override
  public EventHandler<Kept, TurnEnded> eventHandler() {
    return newEventHandlerBuilder().forAnyState()
        .onEvent(TurnEnded.class, (state, event) -> {
          event.removed().forEach(state.items::remove);
          for (MemoryItem item : event.added().restore().items()) {
            state.items.put(item.id(), item);
          }
          state.turnsCompleted = event.added().turnsCompleted();
          state.lastTurn = event.turn();
          state.lastAnswer = event.answer();
          return state;
        })
        .build();
  }

  @Override
  public RetentionCriteria retentionCriteria() {
    return RetentionCriteria.snapshotEvery(snapshotEvery, 2);
  }

  @Override
  public SnapshotAdapter<Kept> snapshotAdapter() {
    return new SnapshotAdapter<>() {
      @Override
      public Object toJournal(Kept state) {
        return new DurableAgent(CompactSnapshot.of(new AgentSnapshot(agentId, state.turnsCompleted,
            new ArrayList<>(state.items.values()))), state.lastTurn, state.lastAnswer);
      }

      @Override
      public Kept fromJournal(Object from) {
        DurableAgent kept = (DurableAgent) from;
        Kept state = new Kept();
        AgentSnapshot memory = kept.memory().restore();
        memory.items().forEach(item -> state.items.put(item.id(), item));
        state.turnsCompleted = memory.turnsCompleted();
        state.lastTurn = kept.lastTurn();
        state.lastAnswer = kept.lastAnswer();
        return state;
      }
    };
  }
}
