package dev.memloop.runtime;

import dev.memloop.memory.ContentPool;
import dev.memloop.memory.Embedder;
import dev.memloop.memory.IndexKind;
import dev.memloop.memory.actor.MemoryStore;
import dev.memloop.memory.timing.Units;
import dev.memloop.runtime.board.SharedBoard;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.config.MemoryStoreKind;
import dev.memloop.runtime.identity.IdentifierExtractor;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalDouble;
import org.apache.pekko.actor.typed.ActorRef;

/**
 * What {@link AgentSpec.Builder#build()} resolves from the settings and the parts it was given: the guard's threshold
 * and the memory's backend, each refused by name when it cannot be made (a missing board, store or calibration;
 * settings that contradict each other). The builder collects; this decides.
 */
final class SpecResolution {

  private SpecResolution() {}

  /**
   * The guard threshold: the builder's, else the config's number, else the calibration's, else the one memloop ships
   * for the embedder; NaN for an agent without an in-loop guard that has none of these.
   */
  static double threshold(String id, AgentConfig config, Double given, ThresholdCalibration calibration,
      Embedder embedder, IdentifierExtractor extractor) {
    double value;
    OptionalDouble shipped;
    if (given != null) {
      value = given;
    } else if (config.guard().threshold().isPresent()) {
      value = config.guard().threshold().getAsDouble();
    } else if (calibration != null) {
      value = calibration.threshold(embedder);
    } else if ((shipped = GuardCalibration.shippedThreshold(embedder, extractor != IdentifierExtractor.none()))
        .isPresent()) {
      value = shipped.getAsDouble();
    } else if (config.policy().guardsInLoop()) {
      throw new IllegalArgumentException("agent " + id + ": memloop.agent.guard.threshold = calibrated, and memloop "
          + "ships a threshold only for the default embedder with identifiers on, not for " + embedder.name()
          + (extractor == IdentifierExtractor.none() ? " with guard.identifiers = off" : "") + ": set a number in "
          + "[0, 1] (builder.threshold, or the config key; memloop calibrate --pairs FILE fits one to your pairs), "
          + "or pass builder.calibration(...)");
    } else {
      return Double.NaN; // no guard in the loop; a reasoner's seen() then asks for a threshold
    }
    if (!(value >= 0 && value <= 1)) {
      throw new IllegalArgumentException("agent " + id + ": guard threshold must be in [0, 1]: " + value
          + " (below 0 a match is an unrelated line)");
    }
    return value;
  }

  /** Refuses a round trip set on the builder for an agent that is not networked, naming both. */
  static void checkRoundTrip(String id, AgentConfig config, boolean roundTripGiven) {
    Duration rtt = config.networked().rtt();
    if (roundTripGiven && !rtt.isZero() && config.policy() != MemoryPolicyKind.NETWORKED) {
      throw new IllegalArgumentException("agent " + id + ": roundTrip(" + Units.config(rtt) + ") is injected into a "
          + "networked agent's store requests, and the policy is " + config.policy().configName()
          + ": set policy(NETWORKED), or drop the round trip");
    }
  }

  /** The parts of a backend the builder was given; any may be absent. */
  record Parts(boolean joined, SharedBoard board, ExternalMemories memories, ActorRef<MemoryStore.Command> remote,
      ContentPool pool) {}

  /**
   * The backend {@code memory.store} names, complete, or a refusal naming what is missing: a board for a blackboard
   * agent (and its read port when networked), the memories of a pgvector agent, the store actor of a remote one.
   */
  static MemoryBackend backend(String id, AgentConfig config, Parts parts, Embedder embedder) {
    MemoryStoreKind store = config.memory().store();
    if (parts.joined() && store != MemoryStoreKind.BLACKBOARD) {
      throw new IllegalArgumentException("agent " + id + ": joinBoard(...) makes its memory a blackboard, and "
          + "storeKind(" + store.name() + ") another store: drop one");
    }
    if (parts.pool() != null) {
      checkPool(id, config, parts.pool(), embedder);
    }
    if (config.policy() == MemoryPolicyKind.NONE) {
      return MemoryBackend.NONE;
    }
    return switch (store) {
      // a store actor given to a networked agent is its store, wherever memory.store says it lives (a shared one, a
      // test's): without one it owns a store of its own
      case OWN -> parts.remote() != null && config.policy() == MemoryPolicyKind.NETWORKED
          ? new MemoryBackend.Remote(parts.remote()) : new MemoryBackend.Own(Optional.ofNullable(parts.pool()));
      case BLACKBOARD -> board(id, config, parts.board());
      case PGVECTOR -> {
        if (parts.memories() == null) {
          throw new IllegalArgumentException("agent " + id + ": memloop.agent.memory.store = pgvector needs where its "
              + "memory is kept: builder.memories(pgVectorStore::memory...), or a command that opens memloop.pgvector");
        }
        yield new MemoryBackend.External(parts.memories());
      }
      case REMOTE -> {
        if (parts.remote() == null) {
          throw new IllegalArgumentException("agent " + id + ": memloop.agent.memory.store = remote needs its store on "
              + "a store node: builder.storeActor(...), or run the agent as a ShardedAgent, which opens one");
        }
        yield new MemoryBackend.Remote(parts.remote());
      }
    };
  }

  private static MemoryBackend board(String id, AgentConfig config, SharedBoard board) {
    if (board == null) {
      throw new IllegalArgumentException("agent " + id + ": memloop.agent.memory.store = blackboard needs the "
          + "shared board: builder.board(...)");
    }
    if (config.policy() == MemoryPolicyKind.NETWORKED && board.readPort() == null) {
      throw new IllegalArgumentException("agent " + id + ": memloop.agent.memory.store = blackboard with policy = "
          + "networked needs the board's read port (SharedBoard.readPort)");
    }
    return new MemoryBackend.Board(board);
  }

  private static void checkPool(String id, AgentConfig config, ContentPool pool, Embedder embedder) {
    if (pool.dimension() != embedder.dimension()) {
      throw new IllegalArgumentException("agent " + id + ": sharedContent(...) pool dimension " + pool.dimension()
          + " != embedder " + embedder.name() + " dimension " + embedder.dimension());
    }
    if (config.memory().index() == IndexKind.HNSW) {
      throw new IllegalArgumentException("agent " + id + ": sharedContent(...) needs memloop.agent.memory.index = "
          + "exact or flat; hnsw keeps its own copy of every vector");
    }
  }
}
