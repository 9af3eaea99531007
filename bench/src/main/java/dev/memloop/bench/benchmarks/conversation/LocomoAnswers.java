package dev.memloop.bench.benchmarks.conversation;

import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.memloop.memory.Embedder;
import dev.memloop.runtime.llm.ChatCalls;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * LoCoMo's question answering with a real model: each question (categories 1-4; adversarial ones are left out as in
 * retrieval) is answered from the turns the memory's hybrid recall finds for it, shown in conversation order with
 * their session's date, and scored with LoCoMo's token F1 ({@link AnswerF1}); with a judge, a second call asks the
 * same model whether the answer says what the gold answer says. The prompts are made first, so that their tokens can
 * be estimated before any call ({@link #estimatedTokens}). Calls run one after another; the first that fails ends
 * the run (its exception propagates) with the answers made so far in {@code done}.
 */
public final class LocomoAnswers {

  /** Tokens estimated per character of prompt (the usual four characters a token of English). */
  static final double TOKENS_PER_CHAR = 0.25;
  /** Tokens an answer or a verdict is estimated at. */
  static final long ANSWER_TOKENS = 24;

  static final String SYSTEM = "You answer questions about a long conversation between two people, from excerpts "
      + "of it. Answer with a short phrase, not a sentence, in the excerpts' words where you can. For a question of "
      + "when, answer with a date computed from the session date shown. If the excerpts do not say, answer: not "
      + "mentioned.";
  static final String JUDGE = "You grade answers to questions about a conversation. Reply with one word: CORRECT if "
      + "the generated answer states what the gold answer states (the same fact, name, number or date; wording and "
      + "extra detail may differ), else WRONG.";

  /** One question's prompt: what is asked, from which turns (dia ids, in conversation order). */
  public record Prompt(String sampleId, String question, int category, String gold, List<String> turns,
      String text) {}

  /** One answered question. */
  public record Answered(String sampleId, String question, int category, String gold, String answer, double f1,
      Boolean correct, List<String> turns) {}

  /** The run: the model, mean F1 (and judged accuracy, or null) overall and by category, every answer. */
  public record Result(String model, int questions, double f1, Map<String, Double> f1ByCategory, Double judged,
      Map<String, Double> judgedByCategory, List<Answered> answers) {}

  private LocomoAnswers() {}

  /** The prompts of every question of categories 1-4, each from the {@code k} turns the hybrid recall finds. */
  public static List<Prompt> prompts(List<LocomoFile.Conversation> data, Embedder embedder, int k) {
    List<Prompt> prompts = new ArrayList<>();
    for (LocomoFile.Conversation conversation : data) {
      List<LocomoFile.Turn> turns = conversation.turns();
      try (TurnMemory memory = new TurnMemory(embedder, new long[TurnRecall.METHODS.size()])) {
        for (LocomoFile.Turn turn : turns) {
          memory.add(turn.item());
        }
        for (LocomoFile.Question question : conversation.questions()) {
          if (question.category() < 1 || question.category() > 4) {
            continue;
          }
          long[] found = memory.recall("fused", question.text(), k);
          Arrays.sort(found); // conversation order: a model reads a dialogue forwards
          StringBuilder text = new StringBuilder("Excerpts:\n");
          List<String> ids = new ArrayList<>(found.length);
          for (long t : found) {
            LocomoFile.Turn turn = turns.get((int) t);
            ids.add(turn.diaId());
            text.append('[').append(turn.sessionDate()).append("] ").append(turn.speaker()).append(": ")
                .append(turn.text()).append('\n');
          }
          text.append("\nQuestion: ").append(question.text()).append("\nShort answer:");
          prompts.add(new Prompt(conversation.sampleId(), question.text(), question.category(), question.answer(),
              ids, text.toString()));
        }
      }
    }
    return prompts;
  }

  /** The tokens the run is estimated to spend: every prompt and answer, and with a judge every verdict. */
  public static long estimatedTokens(List<Prompt> prompts, boolean judge) {
    long tokens = 0;
    for (Prompt p : prompts) {
      tokens += Math.round((SYSTEM.length() + p.text().length()) * TOKENS_PER_CHAR) + ANSWER_TOKENS;
      if (judge) {
        tokens += Math.round((JUDGE.length() + p.question().length() + p.gold().length()) * TOKENS_PER_CHAR)
            + 2 * ANSWER_TOKENS;
      }
    }
    return tokens;
  }

  /** The model calls the run makes. */
  public static long calls(List<Prompt> prompts, boolean judge) {
    return prompts.size() * (judge ? 2L : 1L);
  }

  /**
   * Answers every prompt (and judges it), scoring as it goes; each answered question is added to {@code done} at
   * once, so that a failure leaves what finished.
   *
   * @throws dev.memloop.runtime.llm.LlmCallException the first call that failed
   */
  public static Result answer(List<Prompt> prompts, ChatCalls calls, boolean judge, List<Answered> done,
      Consumer<String> progress) {
    AnswerF1 scoring = new AnswerF1();
    int step = Math.max(1, prompts.size() / 10);
    for (Prompt p : prompts) {
      String answer = ask(calls, SYSTEM, p.text());
      Boolean correct = null;
      if (judge) {
        String verdict = ask(calls, JUDGE, "Question: " + p.question() + "\nGold answer: " + p.gold()
            + "\nGenerated answer: " + answer + "\nVerdict:");
        correct = verdict.strip().toUpperCase(Locale.ROOT).startsWith("CORRECT");
      }
      done.add(new Answered(p.sampleId(), p.question(), p.category(), p.gold(), answer,
          scoring.score(answer, p.gold(), p.category()), correct, p.turns()));
      if (done.size() % step == 0) {
        progress.accept("answered " + done.size() + " of " + prompts.size());
      }
    }
    return summary(calls.modelName(), done, judge);
  }

  static Result summary(String model, List<Answered> answers, boolean judge) {
    Map<String, double[]> byCategory = new TreeMap<>(); // f1 sum, correct, count
    double f1 = 0;
    int correct = 0;
    for (Answered a : answers) {
      double[] c = byCategory.computeIfAbsent(Integer.toString(a.category()), x -> new double[3]);
      c[0] += a.f1();
      c[1] += Boolean.TRUE.equals(a.correct()) ? 1 : 0;
      c[2]++;
      f1 += a.f1();
      correct += Boolean.TRUE.equals(a.correct()) ? 1 : 0;
    }
    Map<String, Double> f1By = new LinkedHashMap<>();
    Map<String, Double> judgedBy = judge ? new LinkedHashMap<>() : null;
    byCategory.forEach((category, c) -> {
      f1By.put(category, c[0] / c[2]);
      if (judge) {
        judgedBy.put(category, c[1] / c[2]);
      }
    });
    int n = answers.size();
    return new Result(model, n, n == 0 ? 0 : f1 / n, f1By, judge ? (n == 0 ? 0 : (double) correct / n) : null,
        judgedBy, List.copyOf(answers));
  }

  private static String ask(ChatCalls calls, String system, String user) {
    ChatResponse response = calls.chat(ChatRequest.builder()
        .messages(SystemMessage.from(system), UserMessage.from(user)).build());
    String text = response.aiMessage() == null ? null : response.aiMessage().text();
    return text == null ? "" : text.strip();
  }
}
