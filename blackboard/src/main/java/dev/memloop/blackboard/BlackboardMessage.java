package dev.memloop.blackboard;

/**
 * Marker of every {@link Blackboard} message, bound to Jackson CBOR in the blackboard's {@code reference.conf}
 * so that the protocol can cross ActorSystems (a blackboard on another cluster node) unchanged.
 */
public interface BlackboardMessage {}
