package dev.memloop.memory.actor;

/**
 * Marker of every {@link MemoryStore} message, bound to Jackson CBOR in memory-actor's {@code reference.conf}
 * so that the protocol crosses ActorSystems over Artery without further configuration.
 */
public interface MemoryStoreMessage {}
