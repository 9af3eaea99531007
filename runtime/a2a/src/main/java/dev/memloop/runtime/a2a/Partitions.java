package dev.memloop.runtime.a2a;

import dev.memloop.runtime.AgentHandle;
import io.a2a.server.agentexecution.RequestContext;
import io.a2a.spec.InvalidRequestError;
import io.a2a.spec.JSONRPCError;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Which agent, and so which memory, a message goes to: the one shared agent, or one agent per authenticated principal
 * or per A2A {@code contextId}, made by the builder's function on a key's first message and kept for the server's
 * life. At most {@link #MAX} keys: past them a new one is refused (a client minting context ids cannot grow the
 * server without bound). Thread-safe.
 */
final class Partitions {

  /** The most principals or contexts one server keeps an agent for. */
  static final int MAX = 10_000;

  private final A2aServer.Partition by;
  private final AgentHandle shared;
  private final Function<String, AgentHandle> agentFor;
  private final Map<String, AgentHandle> agents = new ConcurrentHashMap<>();

  Partitions(A2aServer.Partition by, AgentHandle shared, Function<String, AgentHandle> agentFor) {
    this.by = by;
    this.shared = shared;
    this.agentFor = agentFor;
  }

  /** The agent {@code context}'s message goes to. */
  AgentHandle agent(RequestContext context) throws JSONRPCError {
    String key = switch (by) {
      case SHARED -> null;
      case PRINCIPAL -> context.getCallContext() == null || !context.getCallContext().getUser().isAuthenticated()
          ? null : context.getCallContext().getUser().getUsername();
      case CONTEXT -> context.getContextId();
    };
    if (by == A2aServer.Partition.SHARED) {
      return shared;
    }
    if (key == null || key.isEmpty()) {
      throw new InvalidRequestError("this agent keeps a memory per " + by.name().toLowerCase(java.util.Locale.ROOT)
          + ", and the request names none");
    }
    AgentHandle known = agents.get(key);
    if (known != null) {
      return known;
    }
    if (agents.size() >= MAX) {
      throw new InvalidRequestError("this agent keeps at most " + MAX + " memories, one per "
          + by.name().toLowerCase(java.util.Locale.ROOT) + ", and holds that many");
    }
    return agents.computeIfAbsent(key, agentFor);
  }

  /** How the card says it. */
  String described() {
    return switch (by) {
      case SHARED -> "one memory, shared by every caller";
      case PRINCIPAL -> "a memory per authenticated caller";
      case CONTEXT -> "a memory per A2A contextId";
    };
  }
}
