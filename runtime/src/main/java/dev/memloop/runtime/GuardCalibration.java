package dev.memloop.runtime;

import dev.memloop.memory.Embedder;
import dev.memloop.memory.embed.Embedders;
import dev.memloop.runtime.identity.IdentifierExtractor;
import dev.memloop.runtime.internal.identity.GuardKey;
import dev.memloop.runtime.internal.identity.GuardKeys;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * Fits the action guard's threshold to pairs of action lines, as the guard compares them: two lines of different
 * identities are never the same act; two of one identity are when their wordings' similarity reaches the threshold.
 * The fit is the lowest threshold (of 0.000 to 1.000 in steps of 0.001) whose false blocks (different acts the guard
 * would block) stay within the allowed rate: as many repeats caught as that allows. {@code memloop calibrate --pairs
 * FILE} runs this on a user's own pairs.
 *
 * <p>The default embedder ships with a threshold fitted this way on memloop's adversarial set ({@link
 * GuardPairs#standard()}); {@link #shippedThreshold} answers it, and a test fits it again to keep the two equal.
 */
public final class GuardCalibration {

  /** The false-block rate the shipped default allows: one different act blocked in 200. */
  public static final double DEFAULT_MAX_FALSE_BLOCK_RATE = 0.005;

  /** The default embedder's threshold, fitted on {@link GuardPairs#standard()} with the standard identifiers. */
  static final double DEFAULT_EMBEDDER_THRESHOLD = 0.859;

  private GuardCalibration() {}

  /** One candidate threshold and what the guard would do at it. */
  public record Point(double threshold, int falseBlocks, int misses) {}

  /**
   * A fit: the threshold chosen, what it does on the pairs, and every candidate.
   *
   * @param threshold the lowest candidate whose false-block rate is at most the allowed one (1.0 if none is: then the
   *     false blocks say by how much the pairs defeat the embedder)
   * @param positives the pairs that are the same act; {@code negatives} the others
   * @param byIdentity the negatives told apart by their identities alone (never blocked, at any threshold)
   * @param curve every candidate, ascending
   */
  public record Fit(String embedder, double threshold, int falseBlocks, int misses, int positives, int negatives,
      int byIdentity, double maxFalseBlockRate, List<Point> curve) {

    public double falseBlockRate() {
      return negatives == 0 ? 0 : (double) falseBlocks / negatives;
    }

    public double missRate() {
      return positives == 0 ? 0 : (double) misses / positives;
    }
  }

  /** Fits {@code pairs} with the standard identifiers and {@link #DEFAULT_MAX_FALSE_BLOCK_RATE}. */
  public static Fit fit(List<GuardPair> pairs, Embedder embedder) {
    return fit(pairs, embedder, IdentifierExtractor.standard(), DEFAULT_MAX_FALSE_BLOCK_RATE);
  }

  /**
   * Fits {@code pairs} as an agent with {@code extractor} compares actions.
   *
   * @param maxFalseBlockRate in [0, 1)
   */
  public static Fit fit(List<GuardPair> pairs, Embedder embedder, IdentifierExtractor extractor,
      double maxFalseBlockRate) {
    if (pairs == null || pairs.isEmpty() || embedder == null || extractor == null) {
      throw new IllegalArgumentException("a calibration needs pairs, an embedder and an extractor");
    }
    if (!(maxFalseBlockRate >= 0 && maxFalseBlockRate < 1)) {
      throw new IllegalArgumentException("the allowed false-block rate must be in [0, 1): " + maxFalseBlockRate);
    }
    double[] scores = scores(pairs, embedder, extractor);
    int positives = 0;
    int byIdentity = 0;
    for (int i = 0; i < pairs.size(); i++) {
      positives += pairs.get(i).same() ? 1 : 0;
      byIdentity += !pairs.get(i).same() && scores[i] == Double.NEGATIVE_INFINITY ? 1 : 0;
    }
    int negatives = pairs.size() - positives;
    List<Point> curve = new ArrayList<>(1001);
    Point chosen = null;
    for (int step = 0; step <= 1000; step++) {
      double t = step / 1000.0;
      int falseBlocks = 0;
      int misses = 0;
      for (int i = 0; i < scores.length; i++) {
        boolean blocked = scores[i] >= t;
        falseBlocks += blocked && !pairs.get(i).same() ? 1 : 0;
        misses += !blocked && pairs.get(i).same() ? 1 : 0;
      }
      Point p = new Point(t, falseBlocks, misses);
      curve.add(p);
      if (chosen == null && falseBlocks <= maxFalseBlockRate * negatives) {
        chosen = p;
      }
    }
    Point at = chosen != null ? chosen : curve.get(curve.size() - 1); // even 1.0 may block too many: said by the fit
    return new Fit(embedder.name(), at.threshold(), at.falseBlocks(), at.misses(), positives, negatives, byIdentity,
        maxFalseBlockRate, List.copyOf(curve));
  }

  /**
   * Each pair's similarity as the guard sees it: the cosine of the two wordings when the identities agree and the
   * wordings are not opposite acts (lock / unlock), {@code -Infinity} otherwise.
   */
  static double[] scores(List<GuardPair> pairs, Embedder embedder, IdentifierExtractor extractor) {
    double[] scores = new double[pairs.size()];
    for (int i = 0; i < pairs.size(); i++) {
      scores[i] = score(pairs.get(i).a(), pairs.get(i).b(), embedder, extractor);
    }
    return scores;
  }

  /**
   * How alike the guard finds two action lines: the cosine of their wordings when they name the same identifiers
   * and are not opposite acts, {@code -Infinity} when they are about different things or opposite acts (never a
   * repeat at any threshold). The one rule of the step loop's guard, for code that scores pairs of its own.
   */
  public static double score(String a, String b, Embedder embedder, IdentifierExtractor extractor) {
    GuardKey first = GuardKeys.ofLine(a, extractor);
    GuardKey second = GuardKeys.ofLine(b, extractor);
    if (!Objects.equals(first.identity(), second.identity())) {
      return Double.NEGATIVE_INFINITY; // another thing: never a repeat
    }
    if (first.opposes(second.line())) {
      return Double.NEGATIVE_INFINITY; // opposite acts: never a repeat
    }
    return cosine(embedder.embed(first.wording()), embedder.embed(second.wording()));
  }

  /**
   * The threshold memloop ships for {@code embedder}: the default embedder's fit on memloop's adversarial set, for an
   * agent that reads identifiers; empty for any other embedder (fit your own with {@code memloop calibrate}) or for
   * an agent that matches by meaning alone.
   */
  public static OptionalDouble shippedThreshold(Embedder embedder, boolean identifiers) {
    // only a static model can be the default one: any other embedder is told apart without loading the default's table
    if (identifiers && embedder != null && embedder.name().startsWith("static-")
        && embedder.name().equals(Embedders.defaultLocal().name())) {
      return OptionalDouble.of(DEFAULT_EMBEDDER_THRESHOLD);
    }
    return OptionalDouble.empty();
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
    if (na == 0 && nb == 0) {
      return 1; // two wordings of no known word, of one identity: found by the identity alone, as the guard does
    }
    return na == 0 || nb == 0 ? 0 : dot / Math.sqrt(na * nb);
  }
}
