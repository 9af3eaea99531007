package dev.memloop.runtime;

import dev.memloop.blackboard.Blackboard;
import dev.memloop.memory.actor.MemoryStore;
import dev.memloop.runtime.internal.ThreadCpu;
import dev.memloop.runtime.internal.board.BoardPoster;
import dev.memloop.runtime.internal.memory.StoreAccess;
import dev.memloop.runtime.internal.policy.MemoryPolicy;
import dev.memloop.runtime.internal.tracing.TurnTrace;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.step.StepRecord;
import java.util.Map;
import java.util.concurrent.Executor;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.apache.pekko.actor.typed.javadsl.ActorContext;

/**
 * What an agent keeps across restarts of its behavior: its memory (the policy and the parts that talk to stores and
 * blackboards), its reasoner and executor, its counters, and the turn in flight, so that a restart can answer that
 * turn as aborted instead of leaving its sender waiting. Every field is private; what happened is told through
 * methods. Confined to the agent's actor, except {@link #onAgentThread}, which any thread may ask.
 */
final class AgentState {

  private final AgentSpec spec;
  private final MemoryPolicy policy;
  private final StoreAccess store; // networked: the agent's store, or the blackboard's read port
  private final BoardPoster poster; // memory.store = blackboard
  private final Reasoner reasoner;
  private final Executor blocking;
  private final ActorSystem<?> system;
  private ActorRef<Agent.Command> self;
  private Executor actionDispatcher; // looked up when an action first runs on it
  private Executor actions; // hands tasks to actionDispatcher, made by the first action
  private volatile Thread owner; // the thread running the agent's current message, for memory handles

  private final TurnAdmission admission;
  private final TurnLedger ledger;
  private int restarts;
  private boolean started;
  private long awaited; // answers this turn waited for as messages
  private long sentAtTurnStart;
  private String lastFailure;
  private long stepTokens; // every step of every behavior gets its own, so a restarted loop never takes a stale answer
  private final IdleConsolidation consolidation;

  private AgentState(AgentSpec spec, AgentMemory memory, Reasoner reasoner, Executor blocking, ActorSystem<?> system) {
    this.spec = spec;
    this.policy = memory.policy();
    this.store = memory.store();
    this.poster = memory.poster();
    this.reasoner = reasoner;
    this.blocking = blocking;
    this.system = system;
    this.admission = new TurnAdmission(spec.id());
    this.ledger = new TurnLedger(spec.id(), policy,
        TurnTrace.of(spec.tracer(), spec.id(), policy.kind().configName()));
    this.consolidation = new IdleConsolidation(spec, ledger, policy);
  }

  /** The agent's idle consolidation (its slices run over {@link MemoryPolicy#consolidatable()}). */
  IdleConsolidation consolidation() {
    return consolidation;
  }

  static AgentState create(AgentSpec spec, ActorContext<Agent.Command> context) {
    Executor blocking = context.getSystem().dispatchers().lookup(DispatcherSelector.blocking());
    Reasoner reasoner = spec.reasoners().create(new ReasonerFactory.Context(spec.id(), spec.seed(), blocking, spec.config()));
    if (reasoner == null) {
      throw new IllegalArgumentException("agent " + spec.id() + ": its reasoner factory made no reasoner");
    }
    return new AgentState(spec, AgentMemory.wire(spec, context), reasoner, blocking, context.getSystem());
  }

  AgentSpec spec() {
    return spec;
  }

  MemoryPolicy policy() {
    return policy;
  }

  Reasoner reasoner() {
    return reasoner;
  }

  ActionExecutor executor() {
    return spec.executor();
  }

  /** The reasoner's blocking executor (an LLM call runs there; memory answers are delivered on MemoryAnswers). */
  Executor blocking() {
    return blocking;
  }

  /**
   * What executors get as the action dispatcher: it looks {@code memloop.agent.actions.dispatcher} up when a task
   * is first given to it, so inline executors never need it, and a missing one fails that action naming the key.
   */
  Executor actions() {
    if (actions == null) {
      actions = task -> actionDispatcher().execute(task);
    }
    return actions;
  }

  /**
   * The dispatcher asynchronous actions run on ({@code memloop.agent.actions.dispatcher}).
   *
   * @throws IllegalArgumentException naming the key when the actor system has no such dispatcher
   */
  private Executor actionDispatcher() {
    if (actionDispatcher == null) {
      String path = spec.config().actions().dispatcher();
      if (!system.settings().config().hasPath(path)) {
        throw new IllegalArgumentException("agent " + spec.id() + ": memloop.agent.actions.dispatcher = " + path
            + ": the actor system's config has no such dispatcher");
      }
      actionDispatcher = system.dispatchers().lookup(DispatcherSelector.fromConfig(path));
    }
    return actionDispatcher;
  }

  /**
   * A (re)started behavior takes over: its adapters are wired, a lookup the previous one waited for is dropped.
   *
   * @return whether this is a restart (the behavior had run before)
   */
  boolean behaviorStarted(ActorContext<Agent.Command> context) {
    self = context.getSelf();
    if (store != null) { // the new behavior's adapters; a read the previous one waited for is answered to no one
      store.bind(context.messageAdapter(MemoryStore.Reply.class, Agent.StoreReplied::new));
      store.abandon();
    }
    if (poster != null) {
      poster.bind(context.messageAdapter(Blackboard.PostReply.class, Agent.BoardReplied::new));
    }
    boolean restarted = started;
    if (restarted) {
      restarts++;
    }
    started = true;
    return restarted;
  }

  ActorRef<Agent.Command> self() {
    return self;
  }

  /** The agent's thread enters a message: memory handles called on it run at once. */
  void enter() {
    owner = Thread.currentThread();
    if (policy.kind() != MemoryPolicyKind.NONE) { // an agent without memory makes no lookup to attribute
      ThreadCpu.mark(); // a slow lookup in this message asks how long the thread was off its CPU since
    }
  }

  void leave() {
    owner = null;
  }

  /** Whether the caller runs on the agent's thread, inside one of its messages. */
  boolean onAgentThread() {
    return owner == Thread.currentThread();
  }

  void onStoreReply(MemoryStore.Reply reply) {
    requirePart(store, "a store reply").onReply(reply);
  }

  void onStoreTimeout(long requestId) {
    requirePart(store, "a store timeout").onTimeout(requestId);
  }

  void onBoardReply(Blackboard.PostReply reply) {
    requirePart(poster, "a blackboard acknowledgment").onReply(reply);
  }

  private <T> T requirePart(T part, String what) {
    if (part == null) {
      throw new IllegalStateException("agent " + spec.id() + ": " + what + " reached an agent without that part");
    }
    return part;
  }

  /** Messages sent to stores and blackboards so far. */
  private long messagesSent() {
    return (store == null ? 0 : store.messagesSent()) + (poster == null ? 0 : poster.posted());
  }

  // --- turns

  boolean hasWaitingTurns() {
    return admission.hasWaiting();
  }

  /** Whether {@code run} is to run (see {@link TurnAdmission#admits}); a turn refused is answered at once. */
  boolean acceptsIndex(Agent.RunTurn run) {
    return admission.admits(run, ledger, restarts);
  }

  /** Queues a turn that arrived while another ran; beyond the limit it is answered as aborted. */
  void enqueue(Agent.RunTurn run) {
    admission.enqueue(run, ledger, restarts);
  }

  Agent.RunTurn nextWaitingTurn() {
    return admission.nextWaiting();
  }

  /** A turn starts; returns the step it starts at: 0, or the step that failed when it resumes an aborted turn. */
  int turnStarted(Agent.RunTurn run) {
    awaited = 0;
    sentAtTurnStart = messagesSent();
    return ledger.start(run);
  }

  long nextStepToken() {
    return ++stepTokens;
  }

  void stepRecorded(StepRecord record) {
    ledger.stepRecorded(record);
  }

  /** The turn waited for one more answer that came as a message. */
  void awaited() {
    awaited++;
  }

  /** Messages this turn needed beyond its request and reply. */
  long hops() {
    return awaited + messagesSent() - sentAtTurnStart;
  }

  /** The turn ended: its result, sent once the turn's blackboard posts are acknowledged. */
  void turnEnded(int writesRefused) {
    TurnLedger.Answer answer = ledger.ended(restarts, hops(), writesRefused);
    if (poster == null) {
      answer.tell();
    } else { // on a blackboard, once the turn's posts are readable: agents in lockstep see each other's turns
      poster.afterAcknowledged(answer::tell);
    }
  }

  /** What a log line written while {@code message} is handled carries besides the agent's id. */
  Map<String, String> logContext(Agent.Command message) {
    return ledger.logContext(message);
  }

  void failed(String failure) {
    lastFailure = failure;
  }

  /** After a restart: the interrupted turn is answered as aborted, with the steps it completed. */
  void abortInFlight() {
    if (ledger.running()) {
      ledger.aborted(lastFailure, restarts, hops()).tell();
    }
  }

  Agent.Status status(boolean busy) {
    return new Agent.Status(spec.id(), policy().kind(), busy, ledger.completed(), restarts, policy().size());
  }

  /** Rebuilds the agent's own memory from a snapshot (before any turn) and carries its turn count on. */
  void restore(AgentSnapshot snapshot) {
    if (!snapshot.agentId().equals(spec.id())) {
      throw new IllegalArgumentException("snapshot of " + snapshot.agentId() + " given to agent " + spec.id());
    }
    policy().restore(spec.id(), snapshot.items());
    ledger.completed(snapshot.turnsCompleted());
  }

  /**
   * Tells {@code replyTo} the agent's snapshot: at once, or for a networked agent once its writes in flight are
   * acknowledged (its store's memory is read only then, so never while the store is writing it).
   */
  void replySnapshot(ActorRef<AgentSnapshot> replyTo) {
    if (store == null) {
      replyTo.tell(snapshot());
    } else {
      store.afterWritesAcknowledged(() -> replyTo.tell(snapshot()));
    }
  }

  AgentSnapshot snapshot() {
    return new AgentSnapshot(spec.id(), ledger.completed(), policy().items());
  }

  void close() {
    policy.close();
  }
}
