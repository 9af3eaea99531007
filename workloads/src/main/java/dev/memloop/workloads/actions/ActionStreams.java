package dev.memloop.workloads.actions;

import dev.memloop.workloads.alerts.SignatureCatalog;
import dev.memloop.workloads.Shuffle;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** Generates seeded candidate-action streams; the same spec and seed always give the same stream. */
public final class ActionStreams {

  private static final String[] VERBS = {"investigate", "isolate", "patch", "rescan"};

  /** Verbs x hosts x signatures. */
  public static final int DISTINCT_LINES =
      VERBS.length * SignatureCatalog.HOSTS.size() * SignatureCatalog.SIGNATURES.size();

  private ActionStreams() {}

  public static ActionStream generate(ActionStreamSpec spec, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    List<Integer> lines = new ArrayList<>(DISTINCT_LINES);
    for (int i = 0; i < DISTINCT_LINES; i++) {
      lines.add(i);
    }
    Shuffle.shuffle(lines, random);
    int nextLine = 0;
    List<CandidateAction> out = new ArrayList<>(spec.turns() * spec.actionsPerTurn());
    for (int turn = 0; turn < spec.turns(); turn++) {
      List<Boolean> slots = new ArrayList<>(spec.actionsPerTurn());
      for (int i = 0; i < spec.actionsPerTurn(); i++) {
        slots.add(i < spec.duplicatesPerTurn());
      }
      Shuffle.shuffle(slots, random);
      if (turn == 0 && slots.get(0)) { // the very first action has nothing to repeat
        slots.set(slots.indexOf(Boolean.FALSE), Boolean.TRUE);
        slots.set(0, Boolean.FALSE);
      }
      for (boolean duplicate : slots) {
        int index = out.size();
        if (duplicate) {
          CandidateAction original = out.get(random.nextInt(index));
          out.add(new CandidateAction(turn, index, original.line(), original.index()));
        } else {
          out.add(new CandidateAction(turn, index, line(lines.get(nextLine++)), -1));
        }
      }
    }
    return new ActionStream(spec, seed, out);
  }

  private static String line(int code) {
    int signatures = SignatureCatalog.SIGNATURES.size();
    int hosts = SignatureCatalog.HOSTS.size();
    String signature = SignatureCatalog.SIGNATURES.get(code % signatures).id();
    String host = SignatureCatalog.HOSTS.get((code / signatures) % hosts);
    String verb = VERBS[code / (signatures * hosts)];
    return verb + " host=" + host + " sig=" + signature;
  }
}
