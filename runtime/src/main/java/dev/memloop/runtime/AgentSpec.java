package dev.memloop.runtime;

import dev.memloop.memory.ContentPool;
import dev.memloop.memory.Embedder;
import dev.memloop.memory.actor.MemoryStore;
import dev.memloop.memory.timing.DelayTimer;
import dev.memloop.memory.timing.HighResolutionTimer;
import dev.memloop.runtime.board.SharedBoard;
import dev.memloop.runtime.config.ActionSettings;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.config.AgentConfigs;
import dev.memloop.runtime.config.GuardSettings;
import dev.memloop.runtime.config.MemorySettings;
import dev.memloop.runtime.config.MemoryStoreKind;
import dev.memloop.runtime.config.NetworkedSettings;
import dev.memloop.runtime.config.PerTurnSettings;
import dev.memloop.runtime.config.ToolSettings;
import dev.memloop.runtime.config.WindowSettings;
import dev.memloop.runtime.identity.IdentifierExtractor;
import dev.memloop.runtime.patterns.PatternSettings;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import io.opentelemetry.api.trace.Tracer;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.apache.pekko.actor.typed.ActorRef;

/**
 * Everything an {@link Agent} is made of: its id and settings, the guard threshold resolved for its embedder, the
 * embedder (shared, thread-safe), how it reasons and how it acts, the timer of its injected delays and timeouts,
 * and what its policy needs from outside: a networked agent's store on a store node, the shared blackboard when
 * its memory lives there. Made by {@link #builder}, which fills every default from the configuration and refuses
 * a spec that could not run, naming the key. Immutable.
 *
 * <pre>{@code
 * AgentSpec spec = AgentSpec.builder("agent-7")
 *     .reasoner(step -> ...)                 // required
 *     .executor(ActionExecutor.inline(...))  // default: record the action, run nothing
 *     .threshold(0.9)                        // default: memloop.agent.guard.threshold
 *     .build();
 * }</pre>
 *
 * <p>Over 300 lines for one reason: the builder is nested, so that users write {@code AgentSpec.builder(id)} and
 * {@code AgentSpec.Builder}, and it has one documented setter per section of {@code memloop.agent}. What the
 * builder resolves (the threshold, the {@link MemoryBackend}) is decided in {@code SpecResolution}.
 */
public final class AgentSpec {

  private final String id;
  private final AgentConfig config;
  private final double threshold;
  private final Embedder embedder;
  private final ReasonerFactory reasoners;
  private final ActionExecutor executor;
  private final DelayTimer timer;
  private final java.util.function.Supplier<dev.memloop.memory.Consolidator> consolidators; // null: none
  private final int consolidationSlice;
  private final long seed;
  private final MemoryBackend backend;
  private final Tracer tracer;
  private final IdentifierExtractor identifiers;

  private AgentSpec(Builder b, double threshold, Embedder embedder, IdentifierExtractor identifiers,
      MemoryBackend backend) {
    this.id = b.id;
    this.config = b.config;
    this.threshold = threshold;
    this.embedder = embedder;
    this.reasoners = b.reasoners;
    this.executor = b.executor;
    this.timer = b.timer;
    this.consolidators = b.consolidators;
    this.consolidationSlice = b.consolidationSlice;
    this.seed = b.seed;
    this.backend = backend;
    this.tracer = b.tracer;
    this.identifiers = identifiers;
  }

  /** A builder for the agent {@code id}: letters, digits, '-' or '_', as its actor's name. */
  public static Builder builder(String id) {
    return new Builder(id);
  }

  public String id() {
    return id;
  }

  public AgentConfig config() {
    return config;
  }

  /** The guard threshold, resolved; NaN for an agent without an in-loop guard whose config left it calibrated. */
  public double threshold() {
    return threshold;
  }

  public Embedder embedder() {
    return embedder;
  }

  public ReasonerFactory reasoners() {
    return reasoners;
  }

  public ActionExecutor executor() {
    return executor;
  }

  public DelayTimer timer() {
    return timer;
  }

  /** Makes each agent's consolidator ({@link Builder#consolidation}), or null for none. */
  public java.util.function.Supplier<dev.memloop.memory.Consolidator> consolidators() {
    return consolidators;
  }

  /** Items a consolidation slice may examine before the agent takes its next message. */
  public int consolidationSlice() {
    return consolidationSlice;
  }

  /** The tracer of the agent's live turn spans, or null for none. */
  public Tracer tracer() {
    return tracer;
  }

  /** Where the agent's memory lives: none, its own, the shared board, a store node's, or outside the process. */
  public MemoryBackend backend() {
    return backend;
  }

  /**
   * How the guard reads which thing an action is about ({@link IdentifierExtractor#standard()} unless
   * {@code guard.identifiers = off}, which matches by meaning alone, or the builder's {@code identifiers(...)}).
   */
  public IdentifierExtractor identifiers() {
    return identifiers;
  }

  /** The agent's seed, for reasoners that draw random numbers. */
  public long seed() {
    return seed;
  }

  @Override
  public String toString() {
    return "AgentSpec[" + id + ", " + config.policy().configName() + ", memory.store = "
        + config.memory().store().name().toLowerCase(Locale.ROOT) + ", threshold " + threshold + "]";
  }

  /**
   * Builds an {@link AgentSpec}. Everything but the reasoner has a default: the config is {@code memloop.agent} as
   * {@link AgentConfigs#defaults()} reads it, the embedder is the config's {@code memory.embedder}, the threshold
   * the config's {@code guard.threshold} (a number, or {@code calibrated} resolved by {@link #calibration}), the
   * executor {@link ActionExecutor#RECORD_ONLY}, the timer {@link HighResolutionTimer#shared()}, the seed 0. Not
   * thread-safe; one builder makes one spec at a time.
   */
  public static final class Builder {

    private final String id;
    private AgentConfig config;
    /** Settings made on the builder, applied over {@link #config} at build(): explicit wins, whatever the order. */
    private final Map<String, UnaryOperator<AgentConfig>> explicit = new LinkedHashMap<>();
    private Embedder embedder;
    private Double threshold;
    private ThresholdCalibration calibration;
    private ReasonerFactory reasoners;
    private ActionExecutor executor = ActionExecutor.RECORD_ONLY;
    private DelayTimer timer;
    private java.util.function.Supplier<dev.memloop.memory.Consolidator> consolidators;
    private int consolidationSlice;
    private Tracer tracer;
    private ActorRef<MemoryStore.Command> remoteStore;
    private long seed;
    private SharedBoard board;
    private boolean joined; // joinBoard: the board is the agent's memory, whatever config(...) says
    private ExternalMemories memories;
    private ContentPool contentPool;
    private IdentifierExtractor identifiers;

    private Builder(String id) {
      this.id = id;
    }

    /**
     * The agent's settings (default: {@link AgentConfigs#defaults()}). The builder's own settings, one per section
     * of {@code memloop.agent} ({@link #policy}, {@link #budget}, {@link #decideTimeout}, {@link #guard},
     * {@link #window}, {@link #memory} and {@link #storeKind}, {@link #perTurn}, {@link #networked} and
     * {@link #roundTrip}, {@link #patterns}, {@link #actions}, {@link #tools}) win over it, whichever is called first.
     */
    public Builder config(AgentConfig newConfig) {
      this.config = newConfig;
      return this;
    }

    private Builder set(String section, UnaryOperator<AgentConfig> change) {
      explicit.put(section, change);
      return this;
    }

    /** The memory policy ({@code memloop.agent.policy}). */
    public Builder policy(MemoryPolicyKind policy) {
      requireSetting("policy", policy);
      return set("policy", c -> c.withPolicy(policy));
    }

    /** The latency budget of a turn's lookups ({@code memloop.agent.budget}); null: unlimited. */
    public Builder budget(Duration budget) {
      return set("budget", c -> c.withBudget(budget));
    }

    /** A networked agent's injected round trip ({@code memloop.agent.networked.rtt}); for networked agents only. */
    public Builder roundTrip(Duration rtt) {
      requireSetting("roundTrip", rtt);
      return set("roundTrip", c -> c.withRtt(rtt));
    }

    /** Where the agent's memory lives ({@code memloop.agent.memory.store}): its own, a blackboard, remote, pgvector. */
    public Builder storeKind(MemoryStoreKind kind) {
      requireSetting("storeKind", kind);
      return set("storeKind", c -> c.withStore(kind));
    }

    /** The context window ({@code memloop.agent.window}). */
    public Builder window(WindowSettings window) {
      requireSetting("window", window);
      return set("window", c -> c.withWindow(window));
    }

    /** How an LLM reasoner uses tools ({@code memloop.agent.tools}). */
    public Builder tools(ToolSettings tools) {
      requireSetting("tools", tools);
      return set("tools", c -> c.withTools(tools));
    }

    /**
     * How the agent's memory is built ({@code memloop.agent.memory}: store, index, capacity, eviction, embedder, k);
     * a {@link #storeKind} set on the builder wins over this section's store.
     */
    public Builder memory(MemorySettings memory) {
      requireSetting("memory", memory);
      return set("memory", c -> {
        MemorySettings m = explicit.containsKey("storeKind")
            ? memory.withStore(c.memory().store()) : memory;
        return c.withMemory(explicit.containsKey("hybridRecall") ? m.withHybrid(true) : m);
      });
    }

    /**
     * Hybrid recalls ({@code memloop.agent.memory.recall = hybrid}): the agent's own memory keeps a BM25 index of
     * its items' texts beside the vectors, and the recall shorthands (the step's {@code recall}, an LLM's recall
     * tool, a per-turn agent's dump) fuse the two by reciprocal rank, so that a query's exact words (a name, a host,
     * an order number) count beside its meaning. For the per-step and per-turn policies with their own memory.
     */
    public Builder hybridRecall() {
      return set("hybridRecall", c -> c.withMemory(c.memory().withHybrid(true)));
    }

    /** The guard ({@code memloop.agent.guard}); its threshold, when a number, is the agent's. */
    public Builder guard(GuardSettings guard) {
      requireSetting("guard", guard);
      return set("guard", c -> c.withGuard(guard));
    }

    /** How actions run ({@code memloop.agent.actions}: dispatcher, timeout, retries). */
    public Builder actions(ActionSettings actions) {
      requireSetting("actions", actions);
      return set("actions", c -> c.withActions(actions));
    }

    /** A per-turn agent's turn-start dump ({@code memloop.agent.per-turn}). */
    public Builder perTurn(PerTurnSettings perTurn) {
      requireSetting("perTurn", perTurn);
      return set("perTurn", c -> c.withPerTurn(perTurn));
    }

    /**
     * A networked agent's round trip and lookup timeout ({@code memloop.agent.networked}); a {@link #roundTrip} set on
     * the builder wins over this section's.
     */
    public Builder networked(NetworkedSettings networked) {
      requireSetting("networked", networked);
      return set("networked", c -> c.withNetworked(explicit.containsKey("roundTrip")
          ? new NetworkedSettings(c.networked().rtt(), networked.timeout()) : networked));
    }

    /** How long the reasoner may take to decide one step ({@code memloop.agent.decide-timeout}). */
    public Builder decideTimeout(Duration timeout) {
      requireSetting("decideTimeout", timeout);
      return set("decideTimeout", c -> c.withDecideTimeout(timeout));
    }

    /** The patterns the step loop runs ({@code memloop.agent.patterns}). */
    public Builder patterns(PatternSettings patterns) {
      requireSetting("patterns", patterns);
      return set("patterns", c -> c.withPatterns(patterns));
    }

    private void requireSetting(String name, Object value) {
      if (value == null) {
        throw new IllegalArgumentException("agent " + id + ": " + name + " must not be null");
      }
    }

    /** The embedder (default: the config's {@code memory.embedder}, one shared instance per name). */
    public Builder embedder(Embedder newEmbedder) {
      this.embedder = newEmbedder;
      return this;
    }

    /** The guard threshold, in [0, 1], over the config's {@code guard.threshold}. */
    public Builder threshold(double newThreshold) {
      this.threshold = newThreshold;
      return this;
    }

    /**
     * How the guard reads the identifiers of a plain action line (default: {@link IdentifierExtractor#standard()},
     * or {@link IdentifierExtractor#none()} when {@code guard.identifiers = off}): replace it, or extend the standard
     * one with {@code IdentifierExtractor.standard().andThen(...)}.
     */
    public Builder identifiers(IdentifierExtractor extractor) {
      requireSetting("identifiers", extractor);
      this.identifiers = extractor;
      return this;
    }

    /** How {@code guard.threshold = calibrated} is resolved for the agent's embedder. */
    public Builder calibration(ThresholdCalibration newCalibration) {
      this.calibration = newCalibration;
      return this;
    }

    /** One reasoner shared by every agent given it: keep it stateless or thread-safe. */
    public Builder reasoner(Reasoner reasoner) {
      if (reasoner == null) {
        throw new IllegalArgumentException("agent " + id + ": reasoner must not be null");
      }
      this.reasoners = context -> reasoner;
      return this;
    }

    /** A reasoner of its own for the agent, made when the agent starts (it may keep per-agent state). */
    public Builder reasoners(ReasonerFactory factory) {
      this.reasoners = factory;
      return this;
    }

    /** What runs when the guard allows an action (default: {@link ActionExecutor#RECORD_ONLY}). */
    public Builder executor(ActionExecutor newExecutor) {
      this.executor = newExecutor;
      return this;
    }

    /**
     * Traces the agent's turns live with {@code tracer} (OpenTelemetry): a {@code memloop.turn} span from the turn's
     * start to its answer, the child of the span the turn was sent from ({@link AgentHandle#send} carries the
     * caller's current context), and each step's spans under it as the step is recorded. None by default.
     */
    public Builder tracer(Tracer newTracer) {
      requireSetting("tracer", newTracer);
      this.tracer = newTracer;
      return this;
    }

    /** The timer of injected delays and timeouts (default: the JVM's high-resolution timer; tests: a manual one). */
    /**
     * Tidies the agent's own memory when it is idle: after each turn, when no turn waits, the agent runs the
     * consolidator {@code consolidators} made for it, {@code slice} items at a time, one slice per message to itself,
     * so that a turn that arrives meanwhile goes before the next slice; a slice is never charged to a turn's budget.
     * For an agent whose memory is its own and in process (per-step or per-turn with {@code memory.store = own});
     * refused by name for any other at {@link #build()}. None by default.
     *
     * @param consolidators makes one consolidator per agent (a consolidator follows one memory), e.g.
     *     {@code () -> new NearCopyConsolidator(NearCopyConsolidator.DEFAULT_THRESHOLD)}
     */
    public Builder consolidation(java.util.function.Supplier<dev.memloop.memory.Consolidator> consolidators,
        int slice) {
      if (consolidators == null || slice < 1) {
        throw new IllegalArgumentException("consolidation needs a consolidator factory and a slice of at least 1 "
            + "item: " + consolidators + ", " + slice);
      }
      this.consolidators = consolidators;
      this.consolidationSlice = slice;
      return this;
    }

    public Builder timer(DelayTimer newTimer) {
      this.timer = newTimer;
      return this;
    }

    /**
     * A networked agent's store actor (memory.store = remote: on a store node); null lets a networked agent own one.
     * Not the store kind: that is {@link #storeKind}.
     */
    public Builder storeActor(ActorRef<MemoryStore.Command> store) {
      this.remoteStore = store;
      return this;
    }

    /**
     * As {@link #storeActor}.
     *
     * @deprecated the name read as the store kind too; use {@link #storeActor} (or {@link #storeKind} for the kind)
     */
    @Deprecated
    public Builder store(ActorRef<MemoryStore.Command> store) {
      return storeActor(store);
    }

    public Builder seed(long newSeed) {
      this.seed = newSeed;
      return this;
    }

    /**
     * Joins the agent to a shared blackboard ({@link BoardHandle#board()}) in one call: its
     * memory is the board ({@code storeKind(BLACKBOARD)} and {@code board(board)}). A store kind set explicitly to
     * anything else is refused at {@link #build()}, naming both.
     */
    public Builder joinBoard(SharedBoard newBoard) {
      requireSetting("joinBoard", newBoard);
      if (!explicit.containsKey("storeKind")) {
        set("storeKind", c -> c.withStore(MemoryStoreKind.BLACKBOARD));
      }
      joined = true;
      return board(newBoard);
    }

    /**
     * The shared blackboard, for {@code memory.store = blackboard} (set by {@code config(...)} or
     * {@code storeKind(...)}); null for none. {@link #joinBoard} sets both at once.
     */
    public Builder board(SharedBoard newBoard) {
      this.board = newBoard;
      return this;
    }

    /** Where the agent's memory is kept for {@code memory.store = pgvector} (a {@code PgVectorStore}'s memories). */
    public Builder memories(ExternalMemories newMemories) {
      this.memories = newMemories;
      return this;
    }

    /**
     * A pool the agent's own memory shares equal vectors and texts through with the other agents given it (see
     * {@link ContentPool}): for fleets whose agents remember the same lines. Results are unchanged.
     * Needs the pool's dimension to be the embedder's and the exact or flat index; null (the default) for none.
     */
    public Builder sharedContent(ContentPool pool) {
      this.contentPool = pool;
      return this;
    }

    /** The settings the spec will have: the given config or the defaults, with the builder's own settings over it. */
    public AgentConfig configOrDefaults() {
      AgentConfig resolved = config == null ? AgentConfigs.defaults() : config;
      for (UnaryOperator<AgentConfig> change : explicit.values()) {
        resolved = change.apply(resolved);
      }
      return resolved;
    }

    /** Whether the spec still needs its store on a store node (memory.store = remote, none given yet). */
    public boolean needsRemoteStore() {
      return configOrDefaults().memory().store() == MemoryStoreKind.REMOTE && remoteStore == null;
    }

    /**
     * The spec.
     *
     * @throws IllegalArgumentException naming the problem and the key: a bad id, no reasoner, a threshold out of
     *     range or left calibrated without a calibration, a blackboard agent without its board, a remote-store
     *     agent without its store
     */
    public AgentSpec build() {
      if (id == null || !id.matches("[A-Za-z0-9_-]+")) {
        throw new IllegalArgumentException("agent id must be letters, digits, '-' or '_' (an actor name): "
            + (id == null ? "null" : "'" + id + "'"));
      }
      config = configOrDefaults();
      if (reasoners == null) {
        throw new IllegalArgumentException("agent " + id + " has no reasoner: builder.reasoner(...) or .reasoners(...)");
      }
      if (executor == null) {
        throw new IllegalArgumentException("agent " + id + ": executor must not be null (the default records only)");
      }
      timer = timer == null ? HighResolutionTimer.shared() : timer;
      Embedder resolved = embedder == null ? config.memory().embedder().embedder() : embedder;
      SpecResolution.checkRoundTrip(id, config, explicit.containsKey("roundTrip"));
      MemoryBackend backend = SpecResolution.backend(id, config,
          new SpecResolution.Parts(joined, board, memories, remoteStore, contentPool), resolved);
      IdentifierExtractor extractor = identifiers != null ? identifiers
          : config.guard().identifiers() ? IdentifierExtractor.standard() : IdentifierExtractor.none();
      double resolvedThreshold = SpecResolution.threshold(id, config, threshold, calibration, resolved, extractor);
      boolean ownInProcess = (config.policy() == MemoryPolicyKind.PER_STEP || config.policy() == MemoryPolicyKind.PER_TURN)
          && backend instanceof MemoryBackend.Own;
      if (consolidators != null && !ownInProcess) {
        throw new IllegalArgumentException("agent " + id + ": consolidation tidies a memory the agent owns in "
            + "process, and a " + config.policy().configName() + " agent with memory.store = "
            + config.memory().store().name().toLowerCase(java.util.Locale.ROOT) + " has none: use per-step or "
            + "per-turn with memory.store = own, or drop consolidation(...)");
      }
      return new AgentSpec(this, resolvedThreshold, resolved, extractor, backend);
    }
  }
}
