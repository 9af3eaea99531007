package dev.memloop.runtime;

import dev.memloop.memory.ContentPool;
import dev.memloop.memory.actor.MemoryStore;
import dev.memloop.runtime.board.SharedBoard;
import java.util.Optional;
import org.apache.pekko.actor.typed.ActorRef;

/**
 * Where an agent's memory lives, resolved once by {@link AgentSpec.Builder#build()} from {@code memory.store} and what
 * the builder was given, so that the agent never reconciles nullable parts: one of these, always complete.
 */
public sealed interface MemoryBackend {

  /** An agent without memory ({@code policy = none}): no store, whatever {@code memory.store} says. */
  MemoryBackend NONE = new None();

  /** No memory at all. */
  record None() implements MemoryBackend {}

  /**
   * Its own memory in this process ({@code memory.store = own}), or in a store actor of its own when networked.
   *
   * @param sharedContent the pool its memory shares equal vectors and texts through with other agents', if any
   */
  record Own(Optional<ContentPool> sharedContent) implements MemoryBackend {
    public Own {
      if (sharedContent == null) {
        throw new IllegalArgumentException("an own memory's shared content is a pool or empty, not null");
      }
    }
  }

  /** The shared blackboard ({@code memory.store = blackboard}): it posts there and reads it by its policy's path. */
  record Board(SharedBoard board) implements MemoryBackend {
    public Board {
      if (board == null) {
        throw new IllegalArgumentException("a board backend needs its board");
      }
    }
  }

  /** A store actor on a store node ({@code memory.store = remote}), reached over the network. */
  record Remote(ActorRef<MemoryStore.Command> store) implements MemoryBackend {
    public Remote {
      if (store == null) {
        throw new IllegalArgumentException("a remote backend needs its store actor");
      }
    }
  }

  /** A memory kept outside the process ({@code memory.store = pgvector}), opened for the agent's id. */
  record External(ExternalMemories memories) implements MemoryBackend {
    public External {
      if (memories == null) {
        throw new IllegalArgumentException("an external backend needs where its memories are kept");
      }
    }
  }
}
