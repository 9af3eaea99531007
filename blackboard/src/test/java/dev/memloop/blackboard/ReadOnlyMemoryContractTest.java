package dev.memloop.blackboard;

import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.WorkingMemoryContract;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * The blackboard as networked readers see it (the read port's memory) meets the contract: posts are written through
 * the board, in segments of four so that every read merges several, and the view refuses removals.
 */
class ReadOnlyMemoryContractTest extends WorkingMemoryContract {

  private final Map<WorkingMemory, BoardMemory> boards = new IdentityHashMap<>();

  @Override
  protected WorkingMemory newMemory() {
    BoardMemory board = new BoardMemory(EMBEDDER, 4);
    ReadOnlyMemory view = new ReadOnlyMemory(board);
    boards.put(view, board);
    return view;
  }

  @Override
  protected String write(WorkingMemory memory, String text, Map<String, ?> metadata) {
    return boards.get(memory).add(null, text, metadata);
  }

  @Override
  protected boolean removes() {
    return false;
  }

  @Override
  protected boolean takesCallerIds() {
    return false;
  }
}
