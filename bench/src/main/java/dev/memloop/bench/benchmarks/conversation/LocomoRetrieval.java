package dev.memloop.bench.benchmarks.conversation;

import dev.memloop.memory.Embedder;
import dev.memloop.memory.timing.NearestRank;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import dev.memloop.memory.index.TextAnalysis;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * LoCoMo's retrieval task, with no model: one memory per conversation, one item per turn ({@code "Speaker: text"}),
 * and each question recalls the top turns by three methods: the embedder's vector search ({@code vector}), BM25
 * over the same turns ({@code bm25}, {@link LexicalIndex}), and their reciprocal-rank fusion ({@code fused},
 * {@link TurnRecall}). A question is scored when its evidence names turns
 * of its conversation; adversarial questions (category 5, whose evidence is what a model must not be misled by) are
 * left out, and questions without usable evidence are counted, not scored. Each recall is timed, the embedding of the
 * query included; ingest is timed per method.
 */
public final class LocomoRetrieval {

  /** How many of each search's results a fusion reads. */
  public static final int FUSION_DEPTH = TurnRecall.FUSION_DEPTH;
  /** The recall methods, in the order they are reported. */
  public static final List<String> METHODS = TurnRecall.METHODS;

  /**
   * Questions left out, and why.
   *
   * @param unreadable questions the file got wrong (no text, too long), left out on reading
   * @param named every defect, the file's and the unscored questions', each naming the file, sample and question or
   *     turn (adversarial questions are not defects: they are left out by design, and only counted)
   */
  public record Defects(int adversarial, int withoutEvidence, int evidenceNamingNoTurn, int unreadable,
      List<String> named) {

    /** Questions left out, adversarial ones included. */
    public int leftOut() {
      return adversarial + withoutEvidence + evidenceNamingNoTurn + unreadable;
    }
  }

  /** One embedder and method: its quality overall and by category, its recall latency and its ingest rate. */
  public record MethodResult(String embedder, String method, Map<Integer, Double> hitAt, Map<Integer, Double> recallAt,
      double mrr, int questions, Map<String, RetrievalScores.Summary> byCategory, long recallP50Nanos,
      long recallP99Nanos, double ingestItemsPerSecond) {}

  /** The whole run. */
  public record Result(int conversations, int turns, int scoredQuestions, Defects defects,
      List<MethodResult> methods) {}

  private LocomoRetrieval() {}

  /** @param embedders by the name the report gives them, in report order */
  public static Result run(List<LocomoFile.Conversation> data, Map<String, Embedder> embedders, List<Integer> ks,
      Consumer<String> progress) {
    return run(data, embedders, ks, TextAnalysis.english(), progress);
  }

  /** As {@link #run(List, Map, List, Consumer)}, BM25 reading texts with {@code analysis}. */
  public static Result run(List<LocomoFile.Conversation> data, Map<String, Embedder> embedders, List<Integer> ks,
      TextAnalysis analysis, Consumer<String> progress) {
    int maxK = ks.stream().mapToInt(Integer::intValue).max().orElseThrow();
    Defects defects = defects(data);
    int turns = data.stream().mapToInt(c -> c.turns().size()).sum();
    List<MethodResult> results = new ArrayList<>();
    for (Map.Entry<String, Embedder> embedder : embedders.entrySet()) {
      progress.accept("embedder " + embedder.getKey() + ": " + data.size() + " conversations, " + turns + " turns");
      Map<String, RetrievalScores> scores = new LinkedHashMap<>();
      Map<String, List<Long>> latencies = new HashMap<>();
      long[] ingestNanos = new long[METHODS.size()];
      METHODS.forEach(m -> {
        scores.put(m, new RetrievalScores(ks));
        latencies.put(m, new ArrayList<>());
      });
      for (LocomoFile.Conversation conversation : data) {
        try (TurnMemory memory = new TurnMemory(embedder.getValue(), ingestNanos, analysis)) {
          List<String> diaIds = new ArrayList<>();
          for (LocomoFile.Turn turn : conversation.turns()) {
            memory.add(turn.item());
            diaIds.add(turn.diaId());
          }
          if (conversation == data.get(0)) { // once per embedder, before any recall is timed
            memory.warmUp(conversation.questions().stream().map(LocomoFile.Question::text).toList(), maxK);
          }
          Set<String> known = new LinkedHashSet<>(diaIds);
          for (LocomoFile.Question question : conversation.questions()) {
            Set<String> evidence = usableEvidence(question, known);
            if (evidence == null) {
              continue;
            }
            for (String method : METHODS) {
              long start = System.nanoTime();
              long[] ranked = memory.recall(method, question.text(), maxK);
              latencies.get(method).add(System.nanoTime() - start);
              List<String> recalled = new ArrayList<>(ranked.length);
              for (long t : ranked) {
                recalled.add(diaIds.get((int) t));
              }
              scores.get(method).add(Integer.toString(question.category()), recalled, evidence);
            }
          }
        }
      }
      for (int m = 0; m < METHODS.size(); m++) {
        String method = METHODS.get(m);
        RetrievalScores.Summary overall = scores.get(method).overall();
        long[] samples = latencies.get(method).stream().mapToLong(Long::longValue).toArray();
        results.add(new MethodResult(embedder.getKey(), method, overall.hitAt(), overall.recallAt(), overall.mrr(),
            overall.questions(), scores.get(method).byCategory(),
            samples.length == 0 ? 0 : NearestRank.of(samples, 0.5), samples.length == 0 ? 0 : NearestRank.of(samples,
            0.99), ingestNanos[m] == 0 ? 0 : turns * 1e9 / ingestNanos[m]));
      }
    }
    int scored = results.isEmpty() ? 0 : results.get(0).questions();
    return new Result(data.size(), turns, scored, defects, results);
  }

  /** The question's evidence that names turns of its conversation; null when it is not scored. */
  static Set<String> usableEvidence(LocomoFile.Question question, Set<String> known) {
    if (question.category() == 5 || question.evidence().isEmpty()) {
      return null;
    }
    Set<String> usable = new LinkedHashSet<>();
    for (String id : question.evidence()) {
      if (known.contains(id)) {
        usable.add(id);
      }
    }
    return usable.isEmpty() ? null : usable;
  }

  /** What {@code data} leaves out, counted and named; its questions are scored when this leaves any. */
  public static Defects defects(List<LocomoFile.Conversation> data) {
    int adversarial = 0;
    int without = 0;
    int noTurn = 0;
    int unreadable = 0;
    List<String> named = new ArrayList<>();
    for (LocomoFile.Conversation conversation : data) {
      named.addAll(conversation.defects());
      unreadable += conversation.questionsLeftOut();
      Set<String> known = new LinkedHashSet<>();
      conversation.turns().forEach(t -> known.add(t.diaId()));
      for (LocomoFile.Question question : conversation.questions()) {
        if (question.category() == 5) {
          adversarial++;
        } else if (question.evidence().isEmpty()) {
          without++;
          named.add(question.where() + ": no evidence; not scored");
        } else if (usableEvidence(question, known) == null) {
          noTurn++;
          named.add(question.where() + ": its evidence " + question.evidence() + " names no turn; not scored");
        }
      }
    }
    return new Defects(adversarial, without, noTurn, unreadable, List.copyOf(named));
  }

  /** The questions {@code data} holds, those left out on reading included. */
  public static int questions(List<LocomoFile.Conversation> data) {
    return data.stream().mapToInt(c -> c.questions().size() + c.questionsLeftOut()).sum();
  }
}
