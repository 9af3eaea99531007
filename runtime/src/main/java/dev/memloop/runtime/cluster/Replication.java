package dev.memloop.runtime.cluster;

import dev.memloop.runtime.RuntimeMessage;

/**
 * A node's view of its replicated blackboard: posts made here, posts that arrived from other nodes, local posts
 * whose majority write was not confirmed (they are on this node and spread by gossip), and the propagation delay
 * of arrived posts in microseconds (origin's acknowledgement to this node's board).
 */
public record Replication(long postedHere, long arrived, long unconfirmed, long propagationP50Micros,
    long propagationP99Micros, long propagationMaxMicros) implements RuntimeMessage {}
