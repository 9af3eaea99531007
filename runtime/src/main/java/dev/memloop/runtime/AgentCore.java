package dev.memloop.runtime;

import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.WorkingMemoryBuilder;
import dev.memloop.memory.actor.MemoryStore;
import dev.memloop.blackboard.Blackboard;
import dev.memloop.runtime.board.BoardAccess;
import dev.memloop.runtime.board.BoardPoster;
import dev.memloop.runtime.board.PerTurnBoard;
import dev.memloop.runtime.board.SharedBoard;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.config.MemoryStoreKind;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.policy.InLoopGuard;
import dev.memloop.runtime.policy.InLoopMemory;
import dev.memloop.runtime.policy.LatencyBudget;
import dev.memloop.runtime.policy.LocalMemoryAccess;
import dev.memloop.runtime.policy.MemoryAccess;
import dev.memloop.runtime.policy.MemoryPolicy;
import dev.memloop.runtime.policy.NoMemory;
import dev.memloop.runtime.policy.PerTurnMemory;
import dev.memloop.runtime.policy.RemoteMemoryAccess;
import java.util.ArrayList;
import java.util.List;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.apache.pekko.actor.typed.javadsl.ActorContext;

/**
 * What an agent keeps across restarts of its behavior: its memory policy (and so its memory), its reasoner,
 * its counters, and the turn in flight, so that a restart can answer it as aborted instead of leaving the
 * sender waiting. Confined to the agent's actor.
 */
final class AgentCore {

  final AgentSpec spec;
  final MemoryPolicy policy;
  final Reasoner reasoner;
  private final RemoteMemoryAccess remote;
  private final WorkingMemory ownedMemory;
  private BoardPoster poster; // set when the memory is the shared blackboard
  StepPatterns patterns;

  /** Turns beyond this many waiting are answered as aborted at once rather than queued without bound. */
  static final int MAX_WAITING_TURNS = 1_000;

  int restarts;
  boolean started;
  int turnsCompleted;
  Agent.RunTurn inFlight;
  List<StepRecord> inFlightSteps;
  long inFlightHops;
  private long remoteMessagesAtStart;
  private java.util.ArrayDeque<Agent.RunTurn> waiting; // allocated when a turn first has to wait
  String lastFailure;

  private AgentCore(AgentSpec spec, MemoryPolicy policy, Reasoner reasoner, RemoteMemoryAccess remote,
      WorkingMemory ownedMemory) {
    this.spec = spec;
    this.policy = policy;
    this.reasoner = reasoner;
    this.remote = remote;
    this.ownedMemory = ownedMemory;
  }

  static AgentCore create(AgentSpec spec, ActorContext<Agent.Command> context) {
    AgentCore core = withPolicy(spec, context);
    core.patterns = StepPatterns.of(spec, core.policy, () -> memory(spec, false));
    return core;
  }

  private static AgentCore withPolicy(AgentSpec spec, ActorContext<Agent.Command> context) {
    AgentConfig config = spec.config();
    Reasoner reasoner = spec.reasoners().create(new ReasonerFactory.Context(spec.id(), spec.seed(),
        context.getSystem().dispatchers().lookup(DispatcherSelector.blocking())));
    LatencyBudget budget = new LatencyBudget(config.budgetNanos(), config.padOps());
    if (config.store() == MemoryStoreKind.BLACKBOARD && config.policy() != MemoryPolicyKind.NONE) {
      return onBoard(spec, context, reasoner, budget);
    }
    switch (config.policy()) {
      case NONE:
        return new AgentCore(spec, new NoMemory(), reasoner, null, null);
      case PER_TURN: {
        WorkingMemory memory = memory(spec, false);
        return new AgentCore(spec, new PerTurnMemory(memory, config.dumpTopK(), StepPatterns.dumpRead(spec, memory)),
            reasoner, null, memory);
      }
      case PER_STEP: {
        WorkingMemory memory = memory(spec, false);
        MemoryAccess access = StepPatterns.dedupWrites(config, memory, spec.embedder(),
            new LocalMemoryAccess(memory, spec.timer()));
        return new AgentCore(spec, inLoop(spec, access, budget), reasoner, null, memory);
      }
      case NETWORKED: {
        WorkingMemory memory = null;
        ActorRef<MemoryStore.Command> store = spec.remoteStore();
        if (store == null && config.store() == MemoryStoreKind.REMOTE) {
          throw new IllegalArgumentException("agent " + spec.id() + ": memory.store = remote needs its store's ref"
              + " (a cluster node with the store role; ShardedAgent opens one)");
        }
        if (store == null) { // the agent's own store, a child with the configured round trip
          memory = memory(spec, true);
          store = context.spawn(MemoryStore.create(memory, config.rtt(), spec.timer()), "memory-store");
        }
        ActorRef<Agent.Command> self = context.getSelf();
        RemoteMemoryAccess access = new RemoteMemoryAccess(store, null, spec.timer(),
            id -> self.tell(new Agent.LookupTimedOut(id)), config.rtt().toNanos());
        return new AgentCore(spec, inLoop(spec, access, budget), reasoner, access, memory);
      }
      default:
        throw new IllegalArgumentException("unknown policy " + config.policy());
    }
  }

  /** An agent whose memory is the shared blackboard: posts through its actor, reads by the policy's path. */
  private static AgentCore onBoard(AgentSpec spec, ActorContext<Agent.Command> context, Reasoner reasoner,
      LatencyBudget budget) {
    SharedBoard board = spec.board();
    BoardPoster poster = new BoardPoster(spec.id(), board.writer());
    MemoryPolicy policy;
    RemoteMemoryAccess remote = null;
    switch (spec.config().policy()) {
      case PER_TURN:
        policy = new PerTurnBoard(board.view(), poster, spec.embedder(), spec.config().dumpTopK());
        break;
      case PER_STEP:
        policy = inLoop(spec, new BoardAccess(board.view(), null, poster), budget);
        break;
      case NETWORKED: {
        ActorRef<Agent.Command> self = context.getSelf();
        remote = new RemoteMemoryAccess(board.readPort(), null, spec.timer(),
            id -> self.tell(new Agent.LookupTimedOut(id)), spec.config().rtt().toNanos());
        policy = inLoop(spec, new BoardAccess(board.view(), remote, poster), budget);
        break;
      }
      default:
        throw new IllegalArgumentException("no blackboard policy " + spec.config().policy());
    }
    AgentCore core = new AgentCore(spec, policy, reasoner, remote, null);
    core.poster = poster;
    return core;
  }

  /** Wires the (re)started behavior's adapters for store replies and blackboard acknowledgments. */
  void bind(ActorContext<Agent.Command> context) {
    if (remote != null) {
      remote.bind(context.messageAdapter(MemoryStore.Reply.class, Agent.StoreReplied::new));
      remote.abandon(); // a lookup the previous behavior was waiting for is answered to no one
    }
    if (poster != null) {
      poster.bind(context.messageAdapter(Blackboard.PostReply.class, Agent.BoardReplied::new));
    }
  }

  BoardPoster poster() {
    return poster;
  }

  RemoteMemoryAccess remote() {
    return remote;
  }

  boolean hasWaitingTurns() {
    return waiting != null && !waiting.isEmpty();
  }

  /** Queues a turn that arrived while another ran; beyond the limit it is answered as aborted. */
  void enqueue(Agent.RunTurn run) {
    if (waiting == null) {
      waiting = new java.util.ArrayDeque<>();
    }
    if (waiting.size() >= MAX_WAITING_TURNS) {
      run.replyTo().tell(new TurnResult(spec.id(), run.turn().index(), java.util.List.of(), policy.budget().budgetNanos(),
          0, true, MAX_WAITING_TURNS + " turns already waiting", restarts, 0));
      return;
    }
    waiting.add(run);
  }

  Agent.RunTurn nextWaitingTurn() {
    return waiting.poll();
  }

  void beginTurn(Agent.RunTurn run) {
    inFlight = run;
    inFlightSteps = new ArrayList<>(run.turn().observations().size());
    inFlightHops = 0;
    remoteMessagesAtStart = sent();
  }

  /** Messages this turn needed beyond its request and reply: reasoner answers and store requests. */
  long hopsThisTurn() {
    return inFlightHops + sent() - remoteMessagesAtStart;
  }

  private long sent() {
    return (remote == null ? 0 : remote.messagesSent()) + (poster == null ? 0 : poster.posted());
  }

  void endTurn() {
    inFlight = null;
    inFlightSteps = null;
    turnsCompleted++;
  }

  /** Answers a finished turn; on a blackboard, once the turn's posts are acknowledged. */
  void answer(ActorRef<TurnResult> replyTo, TurnResult result) {
    if (poster == null) {
      replyTo.tell(result);
    } else {
      poster.afterAcknowledged(() -> replyTo.tell(result));
    }
  }

  /** Rebuilds the agent's own memory from a snapshot (before any turn) and carries its turn count on. */
  void restore(AgentSnapshot snapshot) {
    if (!snapshot.agentId().equals(spec.id())) {
      throw new IllegalArgumentException("snapshot of " + snapshot.agentId() + " given to agent " + spec.id());
    }
    if (!snapshot.items().isEmpty() && ownedMemory == null) {
      throw new IllegalArgumentException("agent " + spec.id() + " has no memory of its own to restore "
          + snapshot.items().size() + " items into");
    }
    for (dev.memloop.memory.MemoryItem item : snapshot.items()) {
      ownedMemory.addVector(item.id(), item.vector(), item.text(), item.metadata());
    }
    turnsCompleted = snapshot.turnsCompleted();
  }

  AgentSnapshot snapshot() {
    return new AgentSnapshot(spec.id(), turnsCompleted, ownedMemory == null ? List.of() : ownedMemory.items());
  }

  void close() {
    policy.close();
    if (ownedMemory != null) {
      ownedMemory.close();
    }
  }

  private static InLoopMemory inLoop(AgentSpec spec, MemoryAccess access, LatencyBudget budget) {
    InLoopGuard guard = new InLoopGuard(spec.embedder(), access, budget, spec.threshold(),
        spec.config().timeout().toNanos(), spec.timer());
    return new InLoopMemory(spec.config().policy(), guard, access);
  }

  private static WorkingMemory memory(AgentSpec spec, boolean threadSafe) {
    AgentConfig config = spec.config();
    // rows are allocated on the first write; an agent's memory starts at 4 and grows by half, because most
    // agents remember a handful of lines and 16 rows of 256 floats each was 16 KB per spawned agent
    WorkingMemoryBuilder builder = WorkingMemory.builder(spec.embedder()).index(config.index()).expectedSize(4);
    if (config.capacity() > 0) {
      builder.capacity(config.capacity()).eviction(config.eviction());
    }
    if (threadSafe) {
      builder.threadSafe();
    }
    return builder.build();
  }
}
