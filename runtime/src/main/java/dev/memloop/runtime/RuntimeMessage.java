package dev.memloop.runtime;

/**
 * Marks what the runtime sends between nodes (turn results, agent snapshots, sharded agents' commands); bound
 * to Jackson CBOR in {@code reference.conf}, so that nothing relies on Java serialization.
 */
public interface RuntimeMessage {}
