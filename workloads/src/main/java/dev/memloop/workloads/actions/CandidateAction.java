package dev.memloop.workloads.actions;

/**
 * One candidate action of the deterministic loop-guard task: its turn, its position in the stream, its action
 * line and the position of the earlier action it repeats exactly ({@code -1} when it is new).
 */
public record CandidateAction(int turn, int index, String line, int duplicateOf) {

  public boolean isDuplicate() {
    return duplicateOf >= 0;
  }
}
