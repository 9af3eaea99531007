package dev.memloop.bench.benchmarks.conversation;

import dev.memloop.memory.Embedder;
import dev.memloop.memory.timing.NearestRank;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import dev.memloop.memory.index.TextAnalysis;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * LongMemEval's retrieval task, with no model: each question's haystack in a memory of its own, one item per turn
 * ({@code "role: content"}), recalled by the three {@link TurnRecall} methods. Scored twice, by question type:
 * session-level (the sessions of the recalled turns, in the order first recalled, against
 * {@code answer_session_ids}) and turn-level (the recalled turns against those marked {@code has_answer}).
 * Abstention questions, and questions whose haystack marks no evidence, are counted, not scored.
 */
public final class LongMemEvalRetrieval {

  /**
   * Questions left out, and why.
   *
   * @param unreadable questions the file got wrong (no text, haystack lists that disagree), left out on reading
   * @param named every defect, the file's and the unscored questions', each naming the file and the question id
   *     (abstention questions are not defects: they are left out by design, and only counted)
   */
  public record Defects(int abstention, int withoutAnswerSessions, int withoutEvidenceTurns, int unreadable,
      List<String> named) {

    /** Questions scored by session. */
    public int scored(int questions) {
      return questions - abstention - withoutAnswerSessions;
    }
  }

  /** One embedder and method: session-level and turn-level quality, recall latency, ingest rate. */
  public record MethodResult(String embedder, String method, RetrievalScores.Summary sessionLevel,
      Map<String, RetrievalScores.Summary> sessionLevelByType, RetrievalScores.Summary turnLevel,
      Map<String, RetrievalScores.Summary> turnLevelByType, long recallP50Nanos, long recallP99Nanos,
      double ingestItemsPerSecond) {}

  /** The whole run. */
  public record Result(int questions, int turns, Defects defects, List<MethodResult> methods) {}

  /**
   * How many times the largest k a recall reads: deep enough that the sessions of the recalled turns reach k distinct
   * sessions in most haystacks.
   */
  public static final int DEPTH = 4;

  private LongMemEvalRetrieval() {}

  public static Result run(LongMemEvalFile.Questions data, Map<String, Embedder> embedders, List<Integer> ks,
      Consumer<String> progress) {
    return run(data, embedders, ks, TextAnalysis.english(), progress);
  }

  /** As {@link #run(LongMemEvalFile.Questions, Map, List, Consumer)}, BM25 reading texts with {@code analysis}. */
  public static Result run(LongMemEvalFile.Questions data, Map<String, Embedder> embedders, List<Integer> ks,
      TextAnalysis analysis, Consumer<String> progress) {
    int maxK = ks.stream().mapToInt(Integer::intValue).max().orElseThrow();
    Defects defects = defects(data);
    int turns = data.turns();
    List<MethodResult> results = new ArrayList<>();
    for (Map.Entry<String, Embedder> embedder : embedders.entrySet()) {
      progress.accept("embedder " + embedder.getKey() + ": " + data.size() + " questions, " + turns + " turns");
      Map<String, RetrievalScores> sessions = new HashMap<>();
      Map<String, RetrievalScores> turnScores = new HashMap<>();
      Map<String, List<Long>> latencies = new HashMap<>();
      long[] ingestNanos = new long[TurnRecall.METHODS.size()];
      long ingested = 0;
      for (String m : TurnRecall.METHODS) {
        sessions.put(m, new RetrievalScores(ks));
        turnScores.put(m, new RetrievalScores(ks));
        latencies.put(m, new ArrayList<>());
      }
      for (LongMemEvalFile.Question q : data) {
        if (q.abstention() || q.answerSessionIds().isEmpty()) {
          continue;
        }
        try (TurnMemory memory = new TurnMemory(embedder.getValue(), ingestNanos, analysis)) {
          List<String> sessionOfTurn = new ArrayList<>();
          Set<String> evidenceTurns = new LinkedHashSet<>();
          for (LongMemEvalFile.Session session : q.sessions()) {
            for (LongMemEvalFile.Turn turn : session.turns()) {
              int t = memory.add(turn.item());
              sessionOfTurn.add(session.id());
              if (turn.hasAnswer()) {
                evidenceTurns.add(Integer.toString(t));
              }
            }
          }
          ingested += sessionOfTurn.size();
          if (ingested == sessionOfTurn.size()) { // the first haystack, once per embedder, before any timed recall
            memory.warmUp(List.of(q.text()), maxK * DEPTH);
          }
          Set<String> answerSessions = new LinkedHashSet<>(q.answerSessionIds());
          for (String method : TurnRecall.METHODS) {
            long start = System.nanoTime();
            long[] ranked = memory.recall(method, q.text(), maxK * DEPTH);
            latencies.get(method).add(System.nanoTime() - start);
            List<String> recalledSessions = new ArrayList<>(new LinkedHashSet<>(ids(ranked, sessionOfTurn)));
            sessions.get(method).add(q.type(), recalledSessions, answerSessions);
            if (!evidenceTurns.isEmpty()) {
              List<String> recalledTurns = new ArrayList<>();
              for (int i = 0; i < Math.min(maxK, ranked.length); i++) {
                recalledTurns.add(Long.toString(ranked[i]));
              }
              turnScores.get(method).add(q.type(), recalledTurns, evidenceTurns);
            }
          }
        }
      }
      for (int m = 0; m < TurnRecall.METHODS.size(); m++) {
        String method = TurnRecall.METHODS.get(m);
        long[] samples = latencies.get(method).stream().mapToLong(Long::longValue).toArray();
        results.add(new MethodResult(embedder.getKey(), method, sessions.get(method).overall(),
            sessions.get(method).byCategory(), turnScores.get(method).overall(), turnScores.get(method).byCategory(),
            samples.length == 0 ? 0 : NearestRank.of(samples, 0.5),
            samples.length == 0 ? 0 : NearestRank.of(samples, 0.99),
            ingestNanos[m] == 0 ? 0 : ingested * 1e9 / ingestNanos[m]));
      }
    }
    return new Result(data.size(), turns, defects, results);
  }

  /** What {@code data} leaves out, counted and named (one pass over the file); it is scored when this leaves any. */
  public static Defects defects(LongMemEvalFile.Questions data) {
    int abstention = 0;
    int withoutSessions = 0;
    int withoutTurns = 0;
    List<String> named = new ArrayList<>(data.defects());
    for (LongMemEvalFile.Question q : data) {
      if (q.abstention()) {
        abstention++;
      } else if (q.answerSessionIds().isEmpty()) {
        withoutSessions++;
        named.add(data.file() + ", question " + q.id() + ": no answer_session_ids; not scored");
      } else if (q.sessions().stream().flatMap(s -> s.turns().stream()).noneMatch(LongMemEvalFile.Turn::hasAnswer)) {
        withoutTurns++;
        named.add(data.file() + ", question " + q.id() + ": no turn marked has_answer; scored by session "
            + "only");
      }
    }
    return new Defects(abstention, withoutSessions, withoutTurns, data.leftOut(), List.copyOf(named));
  }

  private static List<String> ids(long[] ranked, List<String> sessionOfTurn) {
    List<String> out = new ArrayList<>(ranked.length);
    for (long t : ranked) {
      out.add(sessionOfTurn.get((int) t));
    }
    return out;
  }
}
