package dev.memloop.memory.embed;

import dev.memloop.memory.Embedder;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * How well an embedder separates what matters here, on a small labelled set written for memloop:
 * paraphrases against unrelated pairs, and triage action lines against the same line, another host and
 * another signature. Reports mean cosine similarity per label, the paraphrase-unrelated gap and, given a
 * reference embedder (the teacher), the Spearman rank correlation of the two embedders' similarities.
 */
public final class EmbeddingQuality {

  public enum Label { PARAPHRASE, UNRELATED, SAME_ACTION, OTHER_HOST, OTHER_SIGNATURE }

  public record Pair(Label label, String a, String b) {}

  /** Mean similarity per label; the gap is PARAPHRASE minus UNRELATED; Spearman is NaN without a reference. */
  public record Report(String embedder, Map<Label, Double> meanSimilarity, double paraphraseUnrelatedGap,
      double spearmanVsReference) {}

  private static final String RESOURCE = "quality-pairs.tsv";

  private EmbeddingQuality() {}

  public static List<Pair> labelledSet() {
    List<Pair> pairs = new ArrayList<>();
    try (InputStream in = EmbeddingQuality.class.getResourceAsStream(RESOURCE);
        BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      String line;
      while ((line = reader.readLine()) != null) {
        if (line.isBlank() || line.startsWith("#")) {
          continue;
        }
        String[] cells = line.split("\t");
        pairs.add(new Pair(Label.valueOf(cells[0]), cells[1], cells[2]));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the labelled set " + RESOURCE, e);
    }
    return pairs;
  }

  public static Report evaluate(Embedder embedder, Embedder reference) {
    List<Pair> pairs = labelledSet();
    double[] scores = similarities(embedder, pairs);
    Map<Label, Double> means = new EnumMap<>(Label.class);
    for (Label label : Label.values()) {
      means.put(label, mean(scores, pairs, label));
    }
    double spearman = reference == null ? Double.NaN : spearman(scores, similarities(reference, pairs));
    return new Report(embedder.name(), means, means.get(Label.PARAPHRASE) - means.get(Label.UNRELATED), spearman);
  }

  static double[] similarities(Embedder embedder, List<Pair> pairs) {
    double[] out = new double[pairs.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = cosine(embedder.embed(pairs.get(i).a()), embedder.embed(pairs.get(i).b()));
    }
    return out;
  }

  /** The cosine similarity of two embeddings of any length (0 when either is the zero vector). */
  public static double cosine(float[] a, float[] b) {
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

  /** Spearman's rho: the Pearson correlation of ranks, ties given their average rank. */
  static double spearman(double[] x, double[] y) {
    double[] rx = ranks(x);
    double[] ry = ranks(y);
    double mx = Arrays.stream(rx).average().orElse(0);
    double my = Arrays.stream(ry).average().orElse(0);
    double cov = 0;
    double vx = 0;
    double vy = 0;
    for (int i = 0; i < rx.length; i++) {
      cov += (rx[i] - mx) * (ry[i] - my);
      vx += (rx[i] - mx) * (rx[i] - mx);
      vy += (ry[i] - my) * (ry[i] - my);
    }
    return cov / Math.sqrt(vx * vy);
  }

  private static double[] ranks(double[] values) {
    Integer[] order = new Integer[values.length];
    Arrays.setAll(order, i -> i);
    Arrays.sort(order, (i, j) -> Double.compare(values[i], values[j]));
    double[] ranks = new double[values.length];
    for (int i = 0; i < order.length;) {
      int j = i;
      while (j + 1 < order.length && values[order[j + 1]] == values[order[i]]) {
        j++;
      }
      double average = (i + j) / 2.0 + 1;
      for (int k = i; k <= j; k++) {
        ranks[order[k]] = average;
      }
      i = j + 1;
    }
    return ranks;
  }

  private static double mean(double[] scores, List<Pair> pairs, Label label) {
    double sum = 0;
    int n = 0;
    for (int i = 0; i < scores.length; i++) {
      if (pairs.get(i).label() == label) {
        sum += scores[i];
        n++;
      }
    }
    return n == 0 ? Double.NaN : sum / n;
  }
}
