package dev.memloop.bench.benchmarks.guard;

import dev.memloop.memory.Embedder;
import dev.memloop.memory.MemoryKind;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.timing.NearestRank;
import dev.memloop.runtime.GuardCalibration;
import dev.memloop.runtime.GuardPair;
import dev.memloop.runtime.identity.IdentifierExtractor;
import dev.memloop.runtime.identity.Identifiers;
import dev.memloop.runtime.LoopGuard;
import dev.memloop.runtime.step.ActionCall;
import dev.memloop.runtime.step.GuardCheck;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code memloop bench guard}: the action guard's modes side by side on pairs of action lines, each pair decided end
 * to end (the second line checked by a {@link LoopGuard} over a memory that holds the first), and each mode's lookup
 * timed over memories of 100 and 1,000 actions, the modes taking turns in rounds:
 * <ul>
 *   <li>{@code cosine}: the whole lines by cosine alone, as the guard was before identities, at its F1-best threshold
 *       and at the lowest whose false blocks stay within the allowed rate;
 *   <li>{@code identity}: the default, identifiers exactly and the other words by meaning, at the shipped threshold
 *       (and at the threshold these pairs fit);
 *   <li>{@code keyed}: each act under its own idempotency key (the caller's knowledge of which act is which: right
 *       by construction, measured to show the path);
 *   <li>{@code structured}: each line as an {@link ActionCall}, its identifiers the arguments and its other words the
 *       verb.
 * </ul>
 */
public final class GuardBench {

  private GuardBench() {}

  /** One mode at one threshold: what it did to the pairs, and its lookups. */
  public record ModeResult(String mode, double threshold, int falseBlocks, int negatives, double falseBlockRate,
      int misses, int positives, double missRate, List<Lookup> lookups, String note) {}

  /** A mode's lookups over a memory of {@code items} actions: nanoseconds per {@code LoopGuard.before}. */
  public record Lookup(int items, long p50Nanos, long p99Nanos, int samples) {}

  /** The run: every mode, and the sizes timed. */
  public record Result(String embedder, int pairs, int positives, int negatives, double shippedThreshold,
      double maxFalseBlockRate, List<ModeResult> modes) {}

  private enum Mode { COSINE, IDENTITY, KEYED, STRUCTURED, WORD_VALUES_AS_IDS }

  /**
   * The standard extractor with word-valued pairs ({@code sig=ssh-bruteforce}) read as identifiers: the alternative
   * the default was measured against (a pattern ahead of the standard one, so it takes the pairs first).
   */
  static final IdentifierExtractor WORD_VALUES = IdentifierExtractor.pattern("word values", java.util.regex.Pattern
      .compile("\\b[A-Za-z_][\\w.-]*=([A-Za-z][A-Za-z-]*)\\b"), v -> v.toLowerCase(java.util.Locale.ROOT))
      .andThen(IdentifierExtractor.standard());

  /**
   * @param lookups timed lookups per mode and size, split into {@code rounds}
   * @param warmUp untimed lookups per mode and size before them: the scanner's small methods take some hundred
   *     thousand calls to compile (JMH's warm-up shows it)
   */
  public static Result run(List<GuardPair> pairs, Embedder embedder, double shipped, int lookups, int rounds,
      int warmUp) {
    double[] whole = wholeLineScores(pairs, embedder);
    double cosineF1 = f1Best(pairs, whole);
    double cosineWithin = lowestWithin(pairs, whole, GuardCalibration.DEFAULT_MAX_FALSE_BLOCK_RATE);
    GuardCalibration.Fit fitted = GuardCalibration.fit(pairs, embedder);
    int[] sizes = {100, 1_000};
    Map<Mode, List<Lookup>> timed = LookupTimes.measure(pairs, embedder, shipped, sizes, lookups, rounds, warmUp);
    List<ModeResult> modes = new ArrayList<>();
    modes.add(decided("cosine", pairs, embedder, cosineF1, Mode.COSINE, timed.get(Mode.COSINE),
        "whole lines, cosine alone, at its F1-best threshold (as the guard was before identities)"));
    modes.add(decided("cosine", pairs, embedder, cosineWithin, Mode.COSINE, timed.get(Mode.COSINE),
        "whole lines, cosine alone, at the lowest threshold within the allowed false-block rate"));
    modes.add(decided("identity", pairs, embedder, shipped, Mode.IDENTITY, timed.get(Mode.IDENTITY),
        "the default: identifiers exactly, the other words by meaning, at the shipped threshold"));
    if (Math.abs(fitted.threshold() - shipped) > 1e-9) {
      modes.add(decided("identity", pairs, embedder, fitted.threshold(), Mode.IDENTITY, timed.get(Mode.IDENTITY),
          "the default's rule at the threshold these pairs fit"));
    }
    modes.add(decided("identity, word values as ids", pairs, embedder, shipped, Mode.WORD_VALUES_AS_IDS,
        timed.get(Mode.IDENTITY), "as the default, reading sig=ssh-bruteforce as an identifier, not a word (the "
            + "lookup timed is the default's)"));
    modes.add(decided("keyed", pairs, embedder, shipped, Mode.KEYED, timed.get(Mode.KEYED),
        "each act under its own key: right by construction (the caller knows which act is which)"));
    modes.add(decided("structured", pairs, embedder, shipped, Mode.STRUCTURED, timed.get(Mode.STRUCTURED),
        "each line as a call: its identifiers the arguments, its other words the verb"));
    int positives = (int) pairs.stream().filter(GuardPair::same).count();
    return new Result(embedder.name(), pairs.size(), positives, pairs.size() - positives, shipped,
        GuardCalibration.DEFAULT_MAX_FALSE_BLOCK_RATE, modes);
  }

  /** Decides every pair end to end: a fresh memory holds the first line as an executed action; is the second blocked? */
  private static ModeResult decided(String name, List<GuardPair> pairs, Embedder embedder, double threshold, Mode mode,
      List<Lookup> lookups, String note) {
    int falseBlocks = 0;
    int misses = 0;
    int positives = 0;
    for (int i = 0; i < pairs.size(); i++) {
      GuardPair pair = pairs.get(i);
      try (WorkingMemory memory = WorkingMemory.builder(embedder).build()) {
        LoopGuard guard = guard(memory, embedder, threshold, mode);
        boolean blocked;
        if (mode == Mode.COSINE) {
          memory.add(pair.a(), Map.of(MemoryKind.KEY, MemoryKind.ACTION.name()));
          blocked = memory.matchVector(embedder.embed(pair.b()), threshold, MemoryKind.ACTION).isPresent();
        } else {
          record(guard, mode, pair.a(), i);
          blocked = check(guard, mode, pair.b(), i, pair.same()).blocks();
        }
        positives += pair.same() ? 1 : 0;
        falseBlocks += blocked && !pair.same() ? 1 : 0;
        misses += !blocked && pair.same() ? 1 : 0;
      }
    }
    int negatives = pairs.size() - positives;
    return new ModeResult(name, threshold, falseBlocks, negatives, negatives == 0 ? 0 : (double) falseBlocks / negatives,
        misses, positives, positives == 0 ? 0 : (double) misses / positives, lookups, note);
  }

  static LoopGuard guard(WorkingMemory memory, Embedder embedder, double threshold, Mode mode) {
    LoopGuard guard = LoopGuard.over(memory, embedder, threshold, null);
    return switch (mode) {
      case COSINE -> guard.withIdentifiers(IdentifierExtractor.none());
      case WORD_VALUES_AS_IDS -> guard.withIdentifiers(WORD_VALUES);
      default -> guard;
    };
  }

  /** Records {@code line} as an executed action in the mode's form; {@code act} names the act for a key. */
  static void record(LoopGuard guard, Mode mode, String line, int act) {
    switch (mode) {
      case KEYED -> guard.after(line, key(act, true));
      case STRUCTURED -> guard.after(call(line));
      default -> guard.after(line);
    }
  }

  /** Checks {@code line} in the mode's form; a keyed line shares the first's key only when it is the same act. */
  static GuardCheck check(LoopGuard guard, Mode mode, String line, int act, boolean same) {
    return switch (mode) {
      case KEYED -> guard.before(line, key(act, same));
      case STRUCTURED -> guard.before(call(line));
      default -> guard.before(line);
    };
  }

  private static String key(int act, boolean same) {
    return same ? "act-" + act : "act-" + act + "-other";
  }

  /** A line as a structured call: the standard identifiers as arguments {@code id1..}, the rest as the verb. */
  static ActionCall call(String line) {
    Identifiers found = IdentifierExtractor.standard().extract(line);
    ActionCall call = ActionCall.of(found.wording().isBlank() ? "act" : found.wording());
    for (int i = 0; i < found.ids().size(); i++) {
      call = call.with("id" + (i + 1), found.ids().get(i));
    }
    return call;
  }

  /** Each pair's whole-line cosine: what the guard before identities compared. */
  private static double[] wholeLineScores(List<GuardPair> pairs, Embedder embedder) {
    double[] scores = new double[pairs.size()];
    for (int i = 0; i < pairs.size(); i++) {
      scores[i] = cosine(embedder.embed(pairs.get(i).a()), embedder.embed(pairs.get(i).b()));
    }
    return scores;
  }

  /** The lowest threshold of 0.000..1.000 whose false blocks stay within {@code rate} (1.0 if none does). */
  private static double lowestWithin(List<GuardPair> pairs, double[] scores, double rate) {
    long negatives = pairs.stream().filter(p -> !p.same()).count();
    for (int step = 0; step <= 1000; step++) {
      double t = step / 1000.0;
      int falseBlocks = 0;
      for (int i = 0; i < scores.length; i++) {
        falseBlocks += scores[i] >= t && !pairs.get(i).same() ? 1 : 0;
      }
      if (falseBlocks <= rate * negatives) {
        return t;
      }
    }
    return 1;
  }

  /** Cosine alone's F1-best threshold over 0.000..1.000, ties to the higher. */
  private static double f1Best(List<GuardPair> pairs, double[] scores) {
    double best = 1;
    double bestF1 = -1;
    for (int step = 0; step <= 1000; step++) {
      double t = step / 1000.0;
      int tp = 0;
      int fp = 0;
      int fn = 0;
      for (int i = 0; i < scores.length; i++) {
        boolean blocked = scores[i] >= t;
        tp += blocked && pairs.get(i).same() ? 1 : 0;
        fp += blocked && !pairs.get(i).same() ? 1 : 0;
        fn += !blocked && pairs.get(i).same() ? 1 : 0;
      }
      double f1 = tp == 0 ? 0 : 2.0 * tp / (2.0 * tp + fp + fn);
      if (f1 >= bestF1) {
        bestF1 = f1;
        best = t;
      }
    }
    return best;
  }

  private static double cosine(float[] a, float[] b) {
    double dot = 0;
    double na = 0;
    double nb = 0;
    for (int i = 0; i < a.length; i++) {
      dot += (double) a[i] * b[i];
      na += (double) a[i] * a[i];
      nb += (double) b[i] * b[i];
    }
    return na == 0 || nb == 0 ? 0 : dot / Math.sqrt(na * nb);
  }

  /** The modes' lookups, timed over memories of each size, the modes taking turns in each round. */
  static final class LookupTimes {

    private LookupTimes() {}

    static Map<Mode, List<Lookup>> measure(List<GuardPair> pairs, Embedder embedder, double threshold, int[] sizes,
        int lookups, int rounds, int warmUp) {
      Map<Mode, List<Lookup>> out = new java.util.EnumMap<>(Mode.class);
      List<Mode> timedModes = List.of(Mode.COSINE, Mode.IDENTITY, Mode.KEYED, Mode.STRUCTURED);
      for (Mode mode : timedModes) {
        out.put(mode, new ArrayList<>());
      }
      for (int size : sizes) {
        Map<Mode, LoopGuard> guards = new java.util.EnumMap<>(Mode.class);
        List<WorkingMemory> memories = new ArrayList<>();
        for (Mode mode : timedModes) {
          WorkingMemory memory = WorkingMemory.builder(embedder).build();
          memories.add(memory);
          LoopGuard guard = guard(memory, embedder, threshold, mode);
          for (int i = 0; i < size; i++) {
            // the pairs' first lines, then the same again for other things (a ref of their own) up to the size
            String line = pairs.get(i % pairs.size()).a() + (i < pairs.size() ? "" : " ref-" + i);
            if (mode == Mode.COSINE) {
              memory.add(line, Map.of(MemoryKind.KEY, MemoryKind.ACTION.name()));
            } else {
              record(guard, mode, line, i);
            }
          }
          guards.put(mode, guard);
        }
        Map<Mode, long[]> samples = new java.util.EnumMap<>(Mode.class);
        for (Mode mode : timedModes) {
          samples.put(mode, new long[lookups]);
          time(guards.get(mode), mode, pairs, null, 0, warmUp); // warm, untimed
        }
        int perRound = Math.max(1, lookups / rounds);
        int done = 0;
        for (int round = 0; done < lookups; round++) {
          int n = Math.min(perRound, lookups - done);
          for (int m = 0; m < timedModes.size(); m++) {
            Mode mode = timedModes.get((m + round) % timedModes.size()); // who goes first rotates
            time(guards.get(mode), mode, pairs, samples.get(mode), done, n);
          }
          done += n;
        }
        for (Mode mode : timedModes) {
          long[] s = samples.get(mode);
          out.get(mode).add(new Lookup(size, NearestRank.of(s, 0.50), NearestRank.of(s, 0.99), s.length));
        }
        memories.forEach(WorkingMemory::close);
      }
      return out;
    }

    /** {@code n} lookups of the pairs' second lines, each timed into {@code into} from {@code from} (null: untimed). */
    private static void time(LoopGuard guard, Mode mode, List<GuardPair> pairs, long[] into, int from, int n) {
      for (int i = 0; i < n; i++) {
        int p = (from + i) % pairs.size();
        GuardPair pair = pairs.get(p);
        long start = System.nanoTime();
        if (mode == Mode.COSINE) {
          guard.before(pair.b()); // none(): the whole line by meaning, among actions that name nothing
        } else {
          check(guard, mode, pair.b(), p, pair.same());
        }
        long nanos = System.nanoTime() - start;
        if (into != null) {
          into[from + i] = nanos;
        }
      }
    }
  }
}
