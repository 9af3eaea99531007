package dev.memloop.runtime;

import dev.memloop.memory.Embedder;
import dev.memloop.memory.MemoryQuery;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.WorkingMemoryBuilder;
import dev.memloop.memory.actor.MemoryStore;
import dev.memloop.runtime.internal.board.BoardAccess;
import dev.memloop.runtime.internal.board.BoardPoster;
import dev.memloop.runtime.board.SharedBoard;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.internal.memory.ChargedReads;
import dev.memloop.runtime.policy.LatencyBudget;
import dev.memloop.runtime.internal.memory.LocalMemoryAccess;
import dev.memloop.runtime.internal.memory.MemoryAccess;
import dev.memloop.runtime.internal.memory.StoreAccess;
import dev.memloop.runtime.patterns.AdaptiveRecall;
import dev.memloop.runtime.patterns.DedupOnWrite;
import dev.memloop.runtime.internal.memory.DedupingAccess;
import dev.memloop.runtime.patterns.NoveltyCheck;
import dev.memloop.runtime.patterns.PatternSettings;
import dev.memloop.runtime.internal.policy.MemoryPolicy;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.step.MemoryPath;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.apache.pekko.actor.typed.javadsl.ActorContext;

/**
 * An agent's memory wiring, built once when the agent starts: the one {@link MemoryPolicy} its step loop uses,
 * and the two parts that hear from outside (a store's replies, a blackboard's acknowledgments), kept by the agent
 * so that it can forward those messages. The only place that knows which access each policy and store kind gets.
 *
 * @param store networked: the agent's way to its store, or to the blackboard's read port; else null
 * @param poster {@code memory.store = blackboard}: the agent's posts; else null
 */
record AgentMemory(MemoryPolicy policy, StoreAccess store, BoardPoster poster) {

  /** The dispatcher of store actors that block on a database ({@code memory.store = pgvector}). */
  static final String STORE_DISPATCHER = "memloop.store-dispatcher";

  static AgentMemory wire(AgentSpec spec, ActorContext<Agent.Command> context) {
    AgentConfig config = spec.config();
    MemoryBackend backend = spec.backend();
    AgentMemory wired = backend instanceof MemoryBackend.None ? new AgentMemory(MemoryPolicy.none(), null, null)
        : backend instanceof MemoryBackend.Board board ? onBoard(spec, board.board(), context)
        : ownOrRemote(spec, context);
    PatternSettings.Novelty novelty = config.patterns().novelty();
    if (!novelty.enabled()) {
      return wired;
    }
    // a memory of its own: observations are not the agent's notes, and are seldom another agent's (so never pooled)
    WorkingMemory observations = memory(spec, false, false);
    return new AgentMemory(wired.policy.withNovelty(new NoveltyCheck(observations, spec.embedder(),
        novelty.threshold()), observations), wired.store, wired.poster);
  }

  private static AgentMemory ownOrRemote(AgentSpec spec, ActorContext<Agent.Command> context) {
    AgentConfig config = spec.config();
    switch (config.policy()) {
      case PER_TURN: {
        WorkingMemory memory = memory(spec, false, true);
        // its writes wait for the turn's end, so within a turn the memory is the turn-start snapshot
        MemoryAccess access = new LocalMemoryAccess(memory, spec.timer(), MemoryPath.SNAPSHOT);
        return new AgentMemory(MemoryPolicy.perTurn(reads(spec, access), spec.threshold(), dumpRead(spec, memory),
            config.perTurn().dump(), memory, spec.id()), null, null);
      }
      case PER_STEP: {
        WorkingMemory memory = memory(spec, false, true);
        MemoryAccess access = new LocalMemoryAccess(memory, spec.timer());
        PatternSettings.Dedup dedup = config.patterns().dedup();
        if (dedup.enabled()) {
          access = new DedupingAccess(access, new DedupOnWrite(memory, spec.embedder(), dedup.threshold(), dedup.keep(),
              spec.identifiers()));
        }
        return new AgentMemory(MemoryPolicy.inLoop(MemoryPolicyKind.PER_STEP, reads(spec, access), spec.threshold(),
            memory, spec.id()), null, null);
      }
      case NETWORKED: {
        WorkingMemory own = null;
        ActorRef<MemoryStore.Command> ref;
        if (spec.backend() instanceof MemoryBackend.Remote remote) { // a store node's (memory.store = remote)
          ref = remote.store();
        } else if (spec.backend() instanceof MemoryBackend.External external) {
          // its rows are its memory, outliving the agent: a snapshot carries none of them (own stays null), and the
          // store actor blocks on JDBC on the store dispatcher, never on the agents' threads
          ref = context.spawn(MemoryStore.create(external.memories().open(spec.id()), config.networked().rtt(),
              spec.timer()), "memory-store", DispatcherSelector.fromConfig(STORE_DISPATCHER));
        } else { // the agent's own store: a child with the configured round trip, surviving restarts
          own = memory(spec, true, true);
          ref = context.spawn(MemoryStore.create(own, config.networked().rtt(), spec.timer()), "memory-store",
              MemloopDispatcher.props());
        }
        StoreAccess store = storeAccess(spec, context, ref, MemoryPath.STORE);
        return new AgentMemory(MemoryPolicy.inLoop(MemoryPolicyKind.NETWORKED, reads(spec, store), spec.threshold(),
            own, spec.id()), store, null);
      }
      default:
        throw new IllegalArgumentException("unknown policy " + config.policy());
    }
  }

  /** An agent whose memory is the shared blackboard: posts through its actor, reads by the policy's path. */
  private static AgentMemory onBoard(AgentSpec spec, SharedBoard board, ActorContext<Agent.Command> context) {
    BoardPoster poster = new BoardPoster(spec.id(), board.writer());
    switch (spec.config().policy()) {
      case PER_TURN:
        return new AgentMemory(MemoryPolicy.perTurn(reads(spec, BoardAccess.atTurnStart(board.view(), poster)),
            spec.threshold(), board.view()::recall, spec.config().perTurn().dump(), null, spec.id()), null, poster);
      case PER_STEP:
        return new AgentMemory(MemoryPolicy.inLoop(MemoryPolicyKind.PER_STEP,
            reads(spec, BoardAccess.direct(board.view(), poster)), spec.threshold(), null, spec.id()), null, poster);
      case NETWORKED: {
        StoreAccess port = storeAccess(spec, context, board.readPort(), MemoryPath.BOARD_PORT);
        return new AgentMemory(MemoryPolicy.inLoop(MemoryPolicyKind.NETWORKED,
            reads(spec, BoardAccess.throughPort(board.view(), port, poster)), spec.threshold(), null, spec.id()), port,
            poster);
      }
      default:
        throw new IllegalArgumentException("unknown policy " + spec.config().policy());
    }
  }

  private static StoreAccess storeAccess(AgentSpec spec, ActorContext<Agent.Command> context,
      ActorRef<MemoryStore.Command> ref, MemoryPath path) {
    ActorRef<Agent.Command> self = context.getSelf();
    return new StoreAccess(ref, path, null, spec.timer(), id -> self.tell(new Agent.LookupTimedOut(id)),
        spec.config().networked().rtt().toNanos());
  }

  private static ChargedReads reads(AgentSpec spec, MemoryAccess access) {
    AgentConfig config = spec.config();
    return new ChargedReads(spec.embedder(), access, new LatencyBudget(config.budgetNanos(), config.guard().padOps()),
        config.networked().timeout().toNanos(), spec.timer());
  }

  /**
   * How a per-turn agent's turn-start dump reads its memory: with {@code patterns.adaptive-recall} on, an adaptive
   * read of the turn's text (copies dropped, k grown with the memory within its bound), else the k nearest.
   */
  private static MemoryPolicy.DumpRead dumpRead(AgentSpec spec, WorkingMemory memory) {
    PatternSettings.Adaptive adaptive = spec.config().patterns().adaptive();
    if (!adaptive.enabled()) {
      return spec.config().memory().hybrid()
          ? (query, k) -> memory.search(MemoryQuery.text(query).k(k).hybrid().build()) : memory::recall;
    }
    AdaptiveRecall read = new AdaptiveRecall(memory, spec.embedder(), adaptive.settings());
    return (query, k) -> read.recall(query);
  }

  /** @param shared whether the memory shares content through the spec's pool, if it has one */
  private static WorkingMemory memory(AgentSpec spec, boolean threadSafe, boolean shared) {
    AgentConfig config = spec.config();
    Embedder embedder = spec.embedder();
    // rows are allocated on the first write; an agent's memory starts at 4 and grows by half, because most
    // agents remember a handful of lines and 16 rows of 256 floats each was 16 KB per spawned agent
    // untimed: the step loop times every memory call itself (a step record's store and lookup times)
    WorkingMemoryBuilder builder = WorkingMemory.builder(embedder).index(config.memory().index()).expectedSize(4)
        .untimed();
    if (config.memory().capacity() > 0) {
      builder.capacity(config.memory().capacity()).eviction(config.memory().eviction());
    }
    if (threadSafe) {
      builder.threadSafe();
    }
    if (config.memory().hybrid()) {
      builder.lexical();
    }
    config.memory().ttls().forEach(builder::ttl); // memloop.memory.ttl.<kind>
    if (shared && spec.backend() instanceof MemoryBackend.Own own) {
      own.sharedContent().ifPresent(builder::sharing);
    }
    return builder.build();
  }
}
