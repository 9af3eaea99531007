package dev.memloop.runtime.cluster;

import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.actor.MemoryStore;
import dev.memloop.memory.timing.DelayTimer;
import dev.memloop.runtime.MemloopDispatcher;
import dev.memloop.runtime.RuntimeMessage;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.receptionist.Receptionist;
import org.apache.pekko.actor.typed.receptionist.ServiceKey;

/**
 * The store role: hosts one {@link MemoryStore} per agent that asks, on this node, for agents on any node
 * ({@code memory.store = remote}). The host registers itself with the receptionist; an agent's node finds it
 * there and opens the agent's store once, then every lookup is a real Artery hop (plus the injected round trip,
 * if any). The store outlives the agent's moves: an agent that moves reopens the same store.
 */
public final class StoreHost {

  /** Where agents' nodes find the store hosts of the cluster. */
  public static final ServiceKey<Command> KEY = ServiceKey.create(Command.class, "memloop-store-host");

  /** The role of nodes that host stores. */
  public static final String ROLE = "store";

  /** What a store host is sent, across nodes (Jackson CBOR). */
  public interface Command extends RuntimeMessage {}

  /** Opens (creating on first use) the store of {@code agentId}. */
  public record Open(String agentId, ActorRef<Opened> replyTo) implements Command {}

  /** The agent's store, opened (or found already open) on this host. */
  public record Opened(String agentId, ActorRef<MemoryStore.Command> store) implements RuntimeMessage {}

  private StoreHost() {}

  /**
   * @param memories makes a new agent's memory (its embedder's dimension, index, capacity)
   * @param roundTrip injected into every reply, on top of the real hop; zero for none
   * @param timer the delay timer; may be null when {@code roundTrip} is zero
   */
  public static Behavior<Command> create(Supplier<WorkingMemory> memories, Duration roundTrip, DelayTimer timer) {
    if (memories == null) {
      throw new IllegalArgumentException("a store host needs a memory supplier");
    }
    MemoryStore.create(memories.get(), roundTrip, timer); // refuses a bad round trip or a missing timer now
    return Behaviors.setup(context -> {
      context.getSystem().receptionist().tell(Receptionist.register(KEY, context.getSelf()));
      Map<String, ActorRef<MemoryStore.Command>> stores = new HashMap<>();
      return Behaviors.receive(Command.class)
          .onMessage(Open.class, open -> {
            if (open.agentId() == null || open.agentId().isBlank()) {
              context.getLog().warn("refused to open a store for agent id '{}'", open.agentId());
              return Behaviors.same();
            }
            ActorRef<MemoryStore.Command> store = stores.computeIfAbsent(open.agentId(), id -> context.spawn(
                MemoryStore.create(memories.get(), roundTrip, timer), "store-" + URLEncoder.encode(id,
                    StandardCharsets.UTF_8), MemloopDispatcher.props()));
            open.replyTo().tell(new Opened(open.agentId(), store));
            return Behaviors.same();
          })
          .build();
    });
  }
}
