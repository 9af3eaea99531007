package dev.memloop.bench.experiments;

import dev.memloop.memory.Embedder;
import dev.memloop.memory.Recall;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.runtime.patterns.AdaptiveRecall;
import dev.memloop.runtime.patterns.DedupOnWrite;
import dev.memloop.workloads.Shuffle;
import dev.memloop.workloads.trip.TripConstraint;
import dev.memloop.workloads.trip.TripConversations;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * One trip session of the paper's memory agent, with its habits (SimulatedTripModel's): each fact saved when
 * stated, then re-saved in fresh wordings until it has {@code copies}, small talk saved as incidental details with
 * probability 0.3, the re-saves and incidentals interleaved over the later turns; then one read before the
 * answer, whose notes are the answer. Returns the facts recalled.
 */
final class ReadPolicySession {

  /** The read and write policy under test. */
  enum Policy {
    FIXED_K8("fixed k = 8"), FIXED_K24("fixed k = 24 (control)"), DEDUP("DedupOnWrite"), ADAPTIVE("AdaptiveRecall"),
    BOTH("both");

    final String label;

    Policy(String label) {
      this.label = label;
    }
  }

  static final String QUERY = "trip constraints and requirements the user gave";
  static final double INCIDENTAL = 0.3;

  private ReadPolicySession() {}

  static int recalled(List<TripConstraint> facts, int copies, Policy policy, Embedder embedder, double dupThreshold,
      long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    List<String> later = new ArrayList<>();
    for (TripConstraint fact : facts) {
      for (int c = 1; c < copies; c++) {
        later.add(fact.rewordings().get(c - 1));
      }
    }
    for (String talk : TripConversations.smallTalk()) {
      if (random.nextDouble() < INCIDENTAL) {
        later.add("User mentioned: " + talk);
      }
    }
    Shuffle.shuffle(later, random);
    try (WorkingMemory memory = WorkingMemory.builder(embedder).build()) {
      DedupOnWrite writer = policy == Policy.DEDUP || policy == Policy.BOTH
          ? new DedupOnWrite(memory, embedder, dupThreshold, DedupOnWrite.Keep.FIRST) : null;
      for (TripConstraint fact : facts) {
        write(memory, writer, fact.statement());
      }
      for (String note : later) {
        write(memory, writer, note);
      }
      List<Recall> read = policy == Policy.ADAPTIVE || policy == Policy.BOTH
          ? new AdaptiveRecall(memory, embedder, settings(dupThreshold)).recall(QUERY)
          : memory.recall(QUERY, policy == Policy.FIXED_K24 ? 24 : 8);
      String answer = String.join(" ", read.stream().map(Recall::text).toList()).toLowerCase(Locale.ROOT);
      int recalled = 0;
      for (TripConstraint fact : facts) {
        if (fact.keywords().stream().anyMatch(answer::contains)) {
          recalled++;
        }
      }
      return recalled;
    }
  }

  /**
   * The study's read: everything up to a bound of 24 (k = size, at least the paper's 8), ranked by maximal
   * marginal relevance, copies of a pick dropped at the calibrated threshold.
   */
  static AdaptiveRecall.Settings settings(double dupThreshold) {
    return new AdaptiveRecall.Settings(8, 24, 1.0, 0.7, dupThreshold);
  }

  /** Through the dedup when there is one, else a plain add. */
  private static void write(WorkingMemory memory, DedupOnWrite writer, String text) {
    if (writer != null) {
      writer.write(text);
    } else {
      memory.add(text);
    }
  }
}
