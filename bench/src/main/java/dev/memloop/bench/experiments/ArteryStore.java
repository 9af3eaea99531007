package dev.memloop.bench.experiments;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import dev.memloop.memory.MemoryQuery;
import dev.memloop.memory.actor.StoreQuery;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.actor.MemoryStore;
import dev.memloop.runtime.config.AgentConfigs;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorRefResolver;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import org.apache.pekko.actor.typed.javadsl.Behaviors;

/**
 * A {@code MemoryStore} on its own ActorSystem, reached from another over Artery TCP on 127.0.0.1: every request
 * and reply really serialized and sent through the loopback interface.
 */
final class ArteryStore implements AutoCloseable {

  private static final Config REMOTE = ConfigFactory.parseString("""
      pekko.actor.provider = remote
      pekko.remote.artery.transport = tcp
      pekko.remote.artery.canonical.hostname = 127.0.0.1
      pekko.remote.artery.canonical.port = 0
      # these two systems exist for one measurement (Table 3's Artery row): remoting without a cluster is its point,
      # and a node's own outbound streams end "aborted" when it terminates, whichever goes first; Pekko warns of both,
      # though nothing failed. Only their errors are printed (a failed recall fails the measurement anyway).
      pekko.loglevel = ERROR
      pekko.remote.warn-about-direct-use = off
      """).withFallback(AgentConfigs.load(null));

  private final ActorSystem<Void> storeNode;
  private final ActorSystem<Void> agentNode;
  private final ActorRef<MemoryStore.Command> remote;
  private long requestId;

  ArteryStore(WorkingMemory memory) {
    this.storeNode = ActorSystem.create(Behaviors.empty(), "store-node", REMOTE);
    this.agentNode = ActorSystem.create(Behaviors.empty(), "agent-node", REMOTE);
    ActorRef<MemoryStore.Command> local = storeNode.systemActorOf(MemoryStore.create(memory), "memory",
        org.apache.pekko.actor.typed.Props.empty());
    String address = ActorRefResolver.get(storeNode).toSerializationFormat(local);
    this.remote = ActorRefResolver.get(agentNode).resolveActorRef(address);
  }

  /** One top-k recall across the hop; returns its round trip in nanoseconds. */
  long recall(float[] query, int k) throws Exception {
    long id = ++requestId;
    long start = System.nanoTime();
    MemoryStore.Reply reply = AskPattern.<MemoryStore.Command, MemoryStore.Reply>ask(remote,
        replyTo -> new MemoryStore.Search(id, StoreQuery.vector(query, k, MemoryQuery.NO_MINIMUM), replyTo),
        Duration.ofSeconds(10), agentNode.scheduler())
        .toCompletableFuture().get(10, TimeUnit.SECONDS);
    long elapsed = System.nanoTime() - start;
    if (!(reply instanceof MemoryStore.Recalled recalled) || recalled.items().size() != k) {
      throw new IllegalStateException("the remote store answered " + reply);
    }
    return elapsed;
  }

  /** One node, then the other. */
  @Override
  public void close() throws Exception {
    storeNode.terminate();
    storeNode.getWhenTerminated().toCompletableFuture().get(1, TimeUnit.MINUTES);
    agentNode.terminate();
    agentNode.getWhenTerminated().toCompletableFuture().get(1, TimeUnit.MINUTES);
  }
}
