package dev.memloop.bench.benchmarks.updates;

import dev.memloop.memory.Embedder;
import dev.memloop.memory.MemoryQuery;
import dev.memloop.memory.MemoryWrite;
import dev.memloop.memory.Recall;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.timing.ManualClock;
import dev.memloop.memory.timing.NearestRank;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code memloop bench updates}: the {@link UpdatesWorkload} written into one memory per arm and asked its questions,
 * the arms taking turns on every write and every question (one clock for all). Arms: plain recall (today: every
 * version a note), supersede by subject (each version written with its subject and valid-from), and each of the two
 * with a recency half-life. Per arm: the current value ranked first, a superseded value ranked first, the value as of
 * a past date ranked first, and the p50 of a write (embedding included) and of a recall; beside them, how often a
 * past question's first answer was another version of the asked subject (the part of an as-of miss that is the
 * lifecycle's, not retrieval's).
 */
public final class UpdatesBench {

  /** The arms, in the order they take turns. */
  public enum Arm {
    PLAIN("plain", false, false),
    PLAIN_DECAY("plain+decay", false, true),
    SUBJECT("subject", true, false),
    SUBJECT_DECAY("subject+decay", true, true);

    final String label;
    final boolean subject;
    final boolean decay;

    Arm(String label, boolean subject, boolean decay) {
      this.label = label;
      this.subject = subject;
      this.decay = decay;
    }
  }

  /** One arm's figures; the JSON field names are the interface scripts read. */
  public record ArmResult(String arm, double currentAt1, double staleAt1, double asOfAt1, long writeP50Nanos,
      long recallP50Nanos, int items, double asOfWrongVersionAt1) {}

  /** The whole run. */
  public record Result(int subjects, int versions, int distractors, int questions, String embedder,
      String halfLife, List<ArmResult> arms) {}

  private UpdatesBench() {}

  /**
   * Runs every arm on {@code workload}.
   *
   * @param halfLife the decay arms' half-life
   */
  public static Result run(UpdatesWorkload workload, Embedder embedder, Duration halfLife) {
    ManualClock clock = new ManualClock(UpdatesWorkload.START); // every arm's memory reads it
    Map<Arm, WorkingMemory> memories = new HashMap<>();
    Map<Arm, long[]> writeNanos = new HashMap<>();
    Map<Arm, Map<String, UpdatesWorkload.Version>> versionOf = new HashMap<>();
    int writes = workload.writes().size();
    for (Arm arm : Arm.values()) {
      memories.put(arm, WorkingMemory.builder(embedder).clock(clock).expectedSize(writes).build());
      writeNanos.put(arm, new long[writes]);
      versionOf.put(arm, new HashMap<>());
    }
    Arm[] arms = Arm.values();
    for (int w = 0; w < writes; w++) {
      UpdatesWorkload.Write write = workload.writes().get(w);
      clock.set(write.at());
      for (int turn = 0; turn < arms.length; turn++) {
        Arm arm = arms[(w + turn) % arms.length]; // each arm goes first as often as the others
        WorkingMemory memory = memories.get(arm);
        long start = System.nanoTime();
        String id;
        if (arm.subject && write.version() != null) {
          id = memory.write(MemoryWrite.text(write.text())
              .subject(workload.subjects().get(write.version().subject()).subject())
              .validFrom(write.version().validFrom()).build());
        } else {
          id = memory.add(write.text());
        }
        writeNanos.get(arm)[w] = System.nanoTime() - start;
        if (write.version() != null) {
          versionOf.get(arm).put(id, write.version());
        }
      }
    }
    clock.set(workload.end());
    Map<Arm, Tally> tallies = new HashMap<>();
    for (Arm arm : arms) {
      tallies.put(arm, new Tally(workload.currentQuestions().size() + workload.pastQuestions().size()));
    }
    List<UpdatesWorkload.Question> questions = new ArrayList<>(workload.currentQuestions());
    questions.addAll(workload.pastQuestions());
    for (int q = 0; q < questions.size(); q++) {
      UpdatesWorkload.Question question = questions.get(q);
      for (int turn = 0; turn < arms.length; turn++) {
        Arm arm = arms[(q + turn) % arms.length];
        MemoryQuery.Builder query = MemoryQuery.text(question.text()).k(1);
        if (arm.subject && question.asOf() != null) {
          query.asOf(question.asOf()); // plain recall cannot ask in time: it answers as it would today
        }
        if (arm.decay) {
          query.halfLife(halfLife);
        }
        long start = System.nanoTime();
        List<Recall> found = memories.get(arm).search(query.build());
        long took = System.nanoTime() - start;
        UpdatesWorkload.Version top = found.isEmpty() ? null : versionOf.get(arm).get(found.get(0).id());
        tallies.get(arm).add(question, top, took);
      }
    }
    List<ArmResult> results = new ArrayList<>();
    for (Arm arm : arms) {
      Tally t = tallies.get(arm);
      results.add(new ArmResult(arm.label, t.rate(t.currentHits, t.currentAsked), t.rate(t.stale, t.currentAsked),
          t.rate(t.pastHits, t.pastAsked), NearestRank.median(writeNanos.get(arm)), t.recallP50(),
          memories.get(arm).size(), t.rate(t.pastWrongVersion, t.pastAsked)));
      memories.get(arm).close();
    }
    int versions = (int) workload.writes().stream().filter(w -> w.version() != null).count();
    return new Result(workload.subjects().size(), versions, writes - versions, questions.size(), embedder.name(),
        halfLife.toString(), results);
  }

  /** One arm's answers so far. */
  private static final class Tally {
    int currentAsked;
    int currentHits;
    int stale;
    int pastAsked;
    int pastHits;
    int pastWrongVersion;
    final long[] recallNanos;
    int recalls;

    Tally(int questions) {
      recallNanos = new long[questions];
    }

    void add(UpdatesWorkload.Question question, UpdatesWorkload.Version top, long nanos) {
      recallNanos[recalls++] = nanos;
      boolean right = top != null && top.equals(question.answer());
      if (question.asOf() == null) {
        currentAsked++;
        currentHits += right ? 1 : 0;
        // a superseded value of the asked subject ranked first
        stale += top != null && !right && top.subject() == question.subject() ? 1 : 0;
      } else {
        pastAsked++;
        pastHits += right ? 1 : 0;
        pastWrongVersion += top != null && !right && top.subject() == question.subject() ? 1 : 0;
      }
    }

    double rate(int count, int of) {
      return of == 0 ? 0 : (double) count / of;
    }

    long recallP50() {
      return NearestRank.median(java.util.Arrays.copyOf(recallNanos, recalls));
    }
  }
}
