/**
 * How an agent reaches its memory, below its policy: the accesses (in process, a {@code MemoryStore} over
 * messages), the latency budget, and {@link dev.memloop.runtime.internal.memory.ChargedReads}, the one path every read
 * takes. Confined to the owning agent's actor.
 */
package dev.memloop.runtime.internal.memory;
