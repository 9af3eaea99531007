package dev.memloop.bench.benchmarks.durability;

import dev.memloop.memory.Embedder;
import dev.memloop.memory.MemoryItem;
import dev.memloop.memory.timing.HighResolutionTimer;
import dev.memloop.runtime.Agent;
import dev.memloop.runtime.AgentSnapshot;
import dev.memloop.runtime.AgentSpec;
import dev.memloop.runtime.MemloopDispatcher;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.reasoner.ScriptedReasoner;
import dev.memloop.runtime.step.Observation;
import dev.memloop.runtime.step.Turn;
import dev.memloop.runtime.step.TurnResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.AskPattern;

/**
 * What a durable agent has to keep at each of its turn ends, recorded from real agents (the runtime's own
 * {@link Agent}, its step loop remembering every action), so that both durability mechanisms are measured on the
 * same bytes: turn {@code t} of agent {@code a} is its turn, its answer, its whole memory after the turn, and the
 * items the turn added and removed (what an event journal writes instead of the whole memory).
 */
public final class RecordedTurns {

  /** One turn end of one agent. */
  public record TurnEnd(Turn turn, TurnResult answer, AgentSnapshot memory, List<MemoryItem> added,
      List<String> removed) {}

  private static final Duration TURN = Duration.ofSeconds(60);

  private final List<List<TurnEnd>> byAgent;

  private RecordedTurns(List<List<TurnEnd>> byAgent) {
    this.byAgent = byAgent;
  }

  /**
   * Runs {@code agents} agents for {@code turns} turns of {@code itemsPerTurn} new actions each (every action is
   * remembered), one agent at a time, and keeps what each turn end left.
   */
  public static RecordedTurns record(ActorSystem<?> system, int agents, int turns, int itemsPerTurn, AgentConfig config,
      Embedder embedder) throws Exception {
    List<List<TurnEnd>> byAgent = new ArrayList<>(agents);
    for (int a = 0; a < agents; a++) {
      AgentSpec spec = AgentSpec.builder(agentId(a)).config(config).threshold(0.99).embedder(embedder)
          .reasoners(ctx -> ScriptedReasoner.actOnEveryObservation()).timer(HighResolutionTimer.shared()).seed(a)
          .build();
      ActorRef<Agent.Command> agent = system.systemActorOf(Agent.create(spec), "recorded-" + a,
          MemloopDispatcher.props());
      try {
        List<TurnEnd> ends = new ArrayList<>(turns);
        List<MemoryItem> before = List.of();
        for (int t = 0; t < turns; t++) {
          Turn turn = turn(a, t, itemsPerTurn);
          TurnResult answer = AskPattern.<Agent.Command, TurnResult>ask(agent, r -> new Agent.RunTurn(turn, r), TURN,
              system.scheduler()).toCompletableFuture().get(TURN.toMillis(), TimeUnit.MILLISECONDS);
          AgentSnapshot memory = AskPattern.<Agent.Command, AgentSnapshot>ask(agent, Agent.GetSnapshot::new, TURN,
              system.scheduler()).toCompletableFuture().get(TURN.toMillis(), TimeUnit.MILLISECONDS);
          ends.add(new TurnEnd(turn, answer, memory, added(before, memory.items()), removed(before, memory.items())));
          before = memory.items();
        }
        byAgent.add(List.copyOf(ends));
      } finally {
        agent.tell(Agent.Stop.INSTANCE);
      }
    }
    return new RecordedTurns(List.copyOf(byAgent));
  }

  public static String agentId(int agent) {
    return "durable-" + agent;
  }

  public int agents() {
    return byAgent.size();
  }

  public int turns() {
    return byAgent.isEmpty() ? 0 : byAgent.get(0).size();
  }

  public TurnEnd end(int agent, int turn) {
    return byAgent.get(agent).get(turn);
  }

  /** The items of every agent after its last turn. */
  public long itemsAtEnd() {
    long items = 0;
    for (List<TurnEnd> ends : byAgent) {
      items += ends.get(ends.size() - 1).memory().items().size();
    }
    return items;
  }

  private static List<MemoryItem> added(List<MemoryItem> before, List<MemoryItem> after) {
    Set<String> had = ids(before);
    List<MemoryItem> added = new ArrayList<>();
    for (MemoryItem item : after) {
      if (!had.contains(item.id())) {
        added.add(item);
      }
    }
    return List.copyOf(added);
  }

  private static List<String> removed(List<MemoryItem> before, List<MemoryItem> after) {
    Set<String> has = ids(after);
    List<String> removed = new ArrayList<>();
    for (MemoryItem item : before) {
      if (!has.contains(item.id())) {
        removed.add(item.id());
      }
    }
    return List.copyOf(removed);
  }

  private static Set<String> ids(List<MemoryItem> items) {
    Set<String> ids = new HashSet<>(items.size() * 2);
    items.forEach(item -> ids.add(item.id()));
    return ids;
  }

  private static Turn turn(int agent, int turn, int items) {
    List<Observation> observations = new ArrayList<>(items);
    for (int j = 0; j < items; j++) {
      observations.add(new Observation("o" + j, "investigate host=web-" + (agent % 997) + "-" + turn + "-" + j
          + " sig=case-" + agent + "-" + (turn * 131 + j * 31 + 7)));
    }
    return new Turn(turn, observations);
  }
}
