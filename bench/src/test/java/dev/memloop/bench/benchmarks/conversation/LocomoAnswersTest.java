package dev.memloop.bench.benchmarks.conversation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memloop.memory.embed.HashingEmbedder;
import dev.memloop.runtime.llm.LlmCallException;
import dev.memloop.runtime.llm.LlmCounters;
import dev.memloop.runtime.llm.ScriptedChatServer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** LoCoMo's questions answered by a scripted OpenAI-compatible server: prompts, estimate, F1, judge, a failure. */
class LocomoAnswersTest {

  @Test
  void should_answer_every_question_of_categories_1_to_4_from_its_recalled_turns_and_score_it() throws Exception {
    List<LocomoAnswers.Prompt> prompts = LocomoAnswers.prompts(LocomoFile.read(LocomoRetrievalTest.FIXTURE),
        new HashingEmbedder(64), 2);
    // conv-a: 6 questions of categories 1-4 (the adversarial one left out, those without evidence kept); conv-b: 1
    assertThat(prompts).hasSize(7);
    LocomoAnswers.Prompt cat = prompts.get(0);
    assertThat(cat.turns()).hasSize(2).contains("D1:1");
    assertThat(cat.text()).contains("[1:56 pm on 8 May, 2023] Ana: I adopted a grey cat named Pixel last week.")
        .endsWith("Question: What is the name of Ana's cat?\nShort answer:");
    assertThat(LocomoAnswers.estimatedTokens(prompts, true)).isGreaterThan(LocomoAnswers.estimatedTokens(prompts,
        false));
    assertThat(LocomoAnswers.calls(prompts, true)).isEqualTo(14);
    try (ScriptedChatServer server = new ScriptedChatServer()) {
      server.text("Pixel").text("CORRECT").text("Lisbon").text("WRONG");
      server.otherwise("not mentioned");
      List<LocomoAnswers.Answered> done = new ArrayList<>();
      LocomoAnswers.Result result = LocomoAnswers.answer(prompts, server.calls("scripted", new LlmCounters()), true,
          done, line -> {});
      assertThat(server.requests()).hasSize(14);
      assertThat(server.requests().get(0).toString()).contains("What is the name of Ana's cat?");
      assertThat(result.questions()).isEqualTo(7);
      assertThat(done.get(0).f1()).isEqualTo(1.0);
      assertThat(done.get(0).correct()).isTrue();
      assertThat(done.get(1).answer()).isEqualTo("Lisbon");
      assertThat(done.get(1).f1()).as("Lisbon against Porto").isZero();
      assertThat(done.get(1).correct()).isFalse();
      // only the cat scored: F1 1 of 7, judged 1 of 7
      assertThat(result.f1()).isEqualTo(1.0 / 7);
      assertThat(result.judged()).isEqualTo(1.0 / 7);
      assertThat(result.f1ByCategory()).containsOnlyKeys("1", "2", "3", "4");
    }
  }

  @Test
  void should_keep_what_was_answered_when_a_call_fails() throws Exception {
    List<LocomoAnswers.Prompt> prompts = LocomoAnswers.prompts(LocomoFile.read(LocomoRetrievalTest.FIXTURE),
        new HashingEmbedder(64), 2);
    try (ScriptedChatServer server = new ScriptedChatServer()) {
      server.text("Pixel").text("Porto");
      server.otherwiseStatus(400, "the model is gone");
      List<LocomoAnswers.Answered> done = new ArrayList<>();
      assertThatThrownBy(() -> LocomoAnswers.answer(prompts, server.calls("scripted", new LlmCounters()), false, done,
          line -> {})).isInstanceOf(LlmCallException.class);
      assertThat(done).extracting(LocomoAnswers.Answered::answer).containsExactly("Pixel", "Porto");
      assertThat(done.get(1).f1()).isEqualTo(1.0);
      assertThat(done.get(1).correct()).as("no judge asked").isNull();
    }
  }
}
