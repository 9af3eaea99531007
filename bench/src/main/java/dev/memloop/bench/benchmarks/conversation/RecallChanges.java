package dev.memloop.bench.benchmarks.conversation;

import dev.memloop.memory.Embedder;
import dev.memloop.memory.MemoryQuery;
import dev.memloop.memory.Recall;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.index.LexicalIndex;
import dev.memloop.memory.index.RankFusion;
import dev.memloop.memory.index.TextAnalysis;
import dev.memloop.memory.timing.NearestRank;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The hybrid recall's changes of issue 45, measured one at a time on LoCoMo, each on top of the ones before it: the
 * recall as it was (items {@code "Speaker: text"}, BM25 reading each item alone, reciprocal-rank fusion at c = 60),
 * then the session date in each item, then BM25 reading each item with the two before it (the memory's lexical
 * context, its own words counted twice), then fusion at c = {@value RankFusion#HYBRID_C}: the last is the memory's
 * hybrid recall as shipped. Each is the vector search's top {@value MemoryQuery#HYBRID_DEPTH} (the memory's own) and
 * BM25's, fused here as {@code HybridSearch} fuses them, so that one change at a time can be switched; each question is
 * recalled twice and the second time timed, the query's embedding included.
 */
public final class RecallChanges {

  /** One step: its name, what it changed, its hit@10 and MRR over the scored questions, and its recall's median. */
  public record Change(String name, String change, double hitAt10, double mrr, int questions, long recallP50Nanos) {}

  private record Step(String name, String change, boolean dated, int context, int c) {}

  private static final List<Step> STEPS = List.of(
      new Step("before", "items \"Speaker: text\", BM25 reads each item alone, fusion at c = 60", false, 0,
          RankFusion.C),
      new Step("+ date", "the session date in each item", true, 0, RankFusion.C),
      new Step("+ context", "BM25 reads each item with the 2 before it, its own words twice", true, 2, RankFusion.C),
      new Step("+ c = " + RankFusion.HYBRID_C, "fusion at c = " + RankFusion.HYBRID_C + " (the memory's hybrid recall "
          + "as shipped)", true, 2, RankFusion.HYBRID_C));

  private static final int K = 10;

  private RecallChanges() {}

  public static List<Change> run(List<LocomoFile.Conversation> data, Embedder embedder, TextAnalysis analysis) {
    List<Change> out = new ArrayList<>();
    for (Step step : STEPS) {
      RetrievalScores scores = new RetrievalScores(List.of(K));
      List<Long> nanos = new ArrayList<>();
      for (LocomoFile.Conversation conversation : data) {
        try (WorkingMemory vectors = WorkingMemory.builder(embedder).build()) {
          LexicalIndex lexical = new LexicalIndex(analysis);
          Map<String, Integer> turnOfId = new HashMap<>();
          List<String> items = new ArrayList<>();
          List<String> diaIds = new ArrayList<>();
          for (LocomoFile.Turn turn : conversation.turns()) {
            String item = step.dated() ? turn.item() : turn.undated();
            turnOfId.put(vectors.add(item), items.size());
            lexical.add(items.size(), item, context(items, step.context()));
            items.add(item);
            diaIds.add(turn.diaId());
          }
          Set<String> known = new LinkedHashSet<>(diaIds);
          for (LocomoFile.Question question : conversation.questions()) {
            Set<String> evidence = LocomoRetrieval.usableEvidence(question, known);
            if (evidence == null) {
              continue;
            }
            recall(question.text(), vectors, lexical, turnOfId, step.c()); // warm
            long start = System.nanoTime();
            long[] found = recall(question.text(), vectors, lexical, turnOfId, step.c());
            nanos.add(System.nanoTime() - start);
            List<String> recalled = new ArrayList<>(found.length);
            for (long t : found) {
              recalled.add(diaIds.get((int) t));
            }
            scores.add(Integer.toString(question.category()), recalled, evidence);
          }
        }
      }
      RetrievalScores.Summary overall = scores.overall();
      long[] samples = nanos.stream().mapToLong(Long::longValue).toArray();
      out.add(new Change(step.name(), step.change(), overall.hitAt().get(K), overall.mrr(), overall.questions(),
          samples.length == 0 ? 0 : NearestRank.of(samples, 0.5)));
    }
    return out;
  }

  /** The texts of the {@code n} items before the next, nearest first, one a line (as the memory reads them). */
  private static String context(List<String> items, int n) {
    StringBuilder text = new StringBuilder();
    for (int i = items.size() - 1; i >= Math.max(0, items.size() - n); i--) {
      text.append(text.length() == 0 ? "" : "\n").append(items.get(i));
    }
    return text.toString();
  }

  private static long[] recall(String question, WorkingMemory vectors, LexicalIndex lexical,
      Map<String, Integer> turnOfId, int c) {
    List<Recall> byMeaning = vectors.search(MemoryQuery.text(question).k(MemoryQuery.HYBRID_DEPTH).build());
    long[] byVector = new long[byMeaning.size()];
    for (int i = 0; i < byVector.length; i++) {
      byVector[i] = turnOfId.get(byMeaning.get(i).id());
    }
    List<LexicalIndex.Hit> hits = lexical.search(question, MemoryQuery.HYBRID_DEPTH, RankFusion.MIN_LEXICAL_SHARE);
    long[] byText = hits.stream().mapToLong(LexicalIndex.Hit::key).toArray();
    return RankFusion.fuse(List.of(byVector, byText), K, c).stream().mapToLong(RankFusion.Fused::key).toArray();
  }
}
