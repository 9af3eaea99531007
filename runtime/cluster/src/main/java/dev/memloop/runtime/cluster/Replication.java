package dev.memloop.runtime.cluster;

import dev.memloop.runtime.RuntimeMessage;

/**
 * A node's view of its replicated blackboard: posts made here, posts that arrived from other nodes (and of those,
 * how many came first by the direct message rather than by gossip), local posts whose majority write was not
 * confirmed (they are on this node and spread by gossip), and the propagation delay of arrived posts in
 * microseconds (origin's local acknowledgement to this node's board); {@code peers} is how many other replicas it
 * sends its posts to directly (the receptionist's listing spreads by gossip too, so it lags a new cluster).
 */
public record Replication(int peers, long postedHere, long arrived, long arrivedDirect, long unconfirmed,
    long propagationP50Micros, long propagationP99Micros, long propagationMaxMicros) implements RuntimeMessage {}
