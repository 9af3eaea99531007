/**
 * {@link dev.memloop.memory.WorkingMemory}: an agent's in-process semantic store, allocated per agent and
 * cheap enough to read and write on every reasoning step. Subpackages hold the indexes
 * ({@code .index}), embedders ({@code .embed}), timing ({@code .timing}) and langchain4j adapters
 * ({@code .langchain4j}); {@code .internal} is not API.
 */
package dev.memloop.memory;
