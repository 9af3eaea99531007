package dev.memloop.workloads.actions;

import dev.memloop.workloads.internal.Fingerprint;
import java.util.List;

/** A generated candidate-action stream. Immutable. */
public record ActionStream(ActionStreamSpec spec, long seed, List<CandidateAction> actions) {

  public ActionStream {
    actions = List.copyOf(actions);
  }

  public List<CandidateAction> turn(int turn) {
    if (turn < 0 || turn >= spec.turns()) {
      throw new IllegalArgumentException("turn must be in [0, " + spec.turns() + "): " + turn);
    }
    return actions.subList(turn * spec.actionsPerTurn(), (turn + 1) * spec.actionsPerTurn());
  }

  /** SHA-256 of the spec, seed and every action: equal fingerprints mean equal streams. */
  public String fingerprint() {
    Fingerprint f = new Fingerprint().add(spec).add(seed);
    actions.forEach(f::add);
    return f.hex();
  }
}
