package dev.memloop.runtime.board;

import dev.memloop.blackboard.Blackboard;
import dev.memloop.blackboard.BlackboardView;
import dev.memloop.memory.actor.MemoryStore;
import org.apache.pekko.actor.typed.ActorRef;

/**
 * How an agent reaches a shared blackboard: the actor it posts to, the direct view it reads in the same JVM,
 * and the read port (the {@code MemoryStore} protocol with injected round trip) it reads through when its
 * policy is networked; {@code readPort} may be null when no agent is networked.
 */
public record SharedBoard(ActorRef<Blackboard.Command> writer, BlackboardView view, ActorRef<MemoryStore.Command> readPort) {

  public SharedBoard {
    if (writer == null || view == null) {
      throw new IllegalArgumentException("a shared board needs its writer and its view");
    }
  }
}
