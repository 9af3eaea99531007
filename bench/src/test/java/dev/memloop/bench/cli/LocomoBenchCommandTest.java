package dev.memloop.bench.cli;

import dev.memloop.cli.CliRun;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.memloop.cli.report.RunDirectory;
import dev.memloop.runtime.llm.ScriptedChatServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code memloop bench locomo} on the fixture of memloop-bench's tests (LoCoMo's published format). */
class LocomoBenchCommandTest {

  /** memloop-bench's fixture, from this module's directory. */
  static final Path FIXTURE = Path.of("src/test/resources/locomo/fixture.json");

  @TempDir
  Path results;

  @Test
  void should_report_hit_and_recall_at_each_k_per_embedder_and_method() throws Exception {
    CliRun run = CliRun.of("bench", "locomo", "--data", FIXTURE.toString(), "--embedder", "hashing,hashing-128",
        "--k", "5,1", "--json", "--out", results.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.err()).contains("2 conversations, 9 turns, 5 questions scored; left out: 1 adversarial, 1 "
        + "without evidence, 1 whose evidence names no turn").contains("no model was asked (--llm none): no answer "
        + "was generated or scored");
    JsonNode result = RunDirectory.JSON.readTree(run.out());
    JsonNode methods = result.get("methods");
    assertThat(methods).hasSize(6);
    assertThat(methods).extracting(m -> m.get("embedder").asText() + " " + m.get("method").asText())
        .containsExactly("hashing vector", "hashing bm25", "hashing fused", "hashing-128 vector", "hashing-128 bm25",
            "hashing-128 fused");
    for (JsonNode method : methods) {
      assertThat(method.get("hitAt").fieldNames()).toIterable().containsExactly("1", "5");
      assertThat(method.get("recallAt").fieldNames()).toIterable().containsExactly("1", "5");
    }
    assertThat(methods.get(1).get("hitAt").get("1").asDouble()).as("BM25, as worked out by hand (LocomoRetrievalTest)")
        .isEqualTo(0.6);
    JsonNode policies = result.get("readPolicies");
    assertThat(policies.get("budgetNanos").asLong()).isEqualTo(100_000_000L);
    assertThat(policies.get("rttNanos")).extracting(JsonNode::asLong).containsExactly(0L, 5_000_000L, 15_000_000L,
        30_000_000L, 50_000_000L, 110_000_000L);
    assertThat(policies.get("results")).as("2 embedders x 3 policies x (no budget + 6 round trips)").hasSize(42);
    assertThat(policies.get("perStepGain")).extracting(g -> g.get("embedder").asText() + "@" + g.get("k").asInt())
        .containsExactly("hashing@5", "hashing-128@5");
    JsonNode gain = policies.get("perStepGain").get(0);
    assertThat(gain.get("gain").asDouble()).as("per-step's hit@5 less one read's, both with no budget")
        .isEqualTo(policies.get("results").get(14).get("hitAt").get("5").asDouble()
            - policies.get("results").get(0).get("hitAt").get("5").asDouble());
    JsonNode cloud = policies.get("results").get(6);
    assertThat(cloud.get("policy").asText() + " " + cloud.get("rttNanos").asLong()).isEqualTo("single 110000000");
    assertThat(cloud.get("questionsUnread").asInt()).as("no read fits 100 ms at 110 ms").isEqualTo(5);
    assertThat(result.get("answers").isNull()).isTrue();
    assertThat(result.get("changes").get("embedder").asText()).isEqualTo("hashing");
    assertThat(result.get("changes").get("steps")).extracting(s -> s.get("name").asText())
        .containsExactly("before", "+ date", "+ context", "+ c = 10");
    try (Stream<Path> runs = Files.list(results)) {
      Path dir = runs.findFirst().orElseThrow();
      assertThat(dir.resolve("read-policies.png")).exists();
      assertThat(dir.resolve("read-policies.svg")).exists();
      assertThat(Files.readString(dir.resolve("report.md"))).contains("## Read policies").contains("per-step");
    }
  }

  @Test
  void should_answer_with_the_model_given_and_score_with_token_f1_and_the_judge() throws Exception {
    try (ScriptedChatServer server = new ScriptedChatServer()) {
      server.text("Pixel").text("CORRECT");
      server.otherwise("not mentioned");
      CliRun run = CliRun.of("bench", "locomo", "--data", FIXTURE.toString(), "--embedder", "hashing", "--rtt", "0ms",
          "--llm", "openai", "--llm-base-url", server.baseUrl(), "--model", "scripted-model", "--judge", "--json",
          "--out", results.toString());
      assertThat(run.exitCode()).as(run.err()).isZero();
      assertThat(run.err()).containsPattern("locomo answers: 14 model calls, about [0-9,]+ tokens");
      assertThat(server.requests()).hasSize(14);
      JsonNode answers = RunDirectory.JSON.readTree(run.out()).get("answers");
      assertThat(answers.get("model").asText()).isEqualTo("scripted-model");
      assertThat(answers.get("questions").asInt()).isEqualTo(7);
      assertThat(answers.get("f1").asDouble()).isEqualTo(1.0 / 7);
      assertThat(answers.get("judged").asDouble()).isEqualTo(1.0 / 7);
      assertThat(run.err()).contains("token F1 0.143, judged correct 0.143");
    }
  }

  @Test
  void should_refuse_to_spend_beyond_the_token_budget_without_yes_and_call_nothing() throws Exception {
    try (ScriptedChatServer server = new ScriptedChatServer()) {
      server.otherwise("Pixel");
      CliRun run = CliRun.of("bench", "locomo", "--data", FIXTURE.toString(), "--embedder", "hashing", "--llm",
          "openai", "--llm-base-url", server.baseUrl(), "--token-budget", "100", "--out", results.toString());
      assertThat(run.exitCode()).isEqualTo(2);
      assertThat(run.err()).contains("the estimated tokens exceed --token-budget 100; rerun with --yes");
      assertThat(server.requests()).isEmpty();
      try (Stream<Path> written = Files.list(results)) {
        assertThat(written).as("nothing written").isEmpty();
      }
    }
  }

  @Test
  void should_report_longmemeval_by_session_and_by_turn() throws Exception {
    CliRun run = CliRun.of("bench", "longmemeval", "--data", "src/test/resources/longmemeval/fixture.json",
        "--embedder", "hashing", "--k", "1,5", "--json", "--out", results.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.err()).contains("3 questions, 8 turns; left out: 1 abstention");
    JsonNode report = RunDirectory.JSON.readTree(run.out());
    JsonNode methods = report.get("methods");
    assertThat(methods).extracting(m -> m.get("method").asText()).containsExactly("vector", "bm25", "fused");
    assertThat(methods.get(1).get("sessionLevel").get("recallAt").get("1").asDouble()).isEqualTo(0.75);
    assertThat(methods.get(1).get("turnLevel").get("hitAt").fieldNames()).toIterable().containsExactly("1", "5");
    assertThat(run.err()).contains("By question type").contains("session hit@1").contains("tokens/question");
    JsonNode policies = report.get("readPolicies").get("results");
    assertThat(policies).as("3 policies x (no budget + 6 round trips)").hasSize(21);
    JsonNode single = policies.get(0);
    assertThat(single.get("policy").asText() + " " + single.get("budgeted").asBoolean()).isEqualTo("single false");
    assertThat(single.get("hitAt")).as("one hybrid read, scored by session: the fused method's session hit@k")
        .isEqualTo(methods.get(2).get("sessionLevel").get("hitAt"));
    assertThat(single.get("questions").asInt()).as("the abstention question left out").isEqualTo(2);
    assertThat(policies.get(6).get("questionsUnread").asInt()).as("no read fits 100 ms at 110 ms").isEqualTo(2);
    CliRun noBudget = CliRun.of("bench", "longmemeval", "--data", "src/test/resources/longmemeval/fixture.json",
        "--budget", "0ms", "--out", results.toString());
    assertThat(noBudget.exitCode()).isEqualTo(2);
    assertThat(noBudget.err()).contains("--budget must be > 0: PT0S");
  }

  @Test
  void should_refuse_a_missing_or_cut_file_in_one_line_and_write_nothing(@TempDir Path dir) throws Exception {
    CliRun missing = CliRun.of("bench", "locomo", "--data", dir.resolve("nope.json").toString(), "--out",
        results.toString());
    assertThat(missing.exitCode()).isEqualTo(2);
    assertThat(missing.err()).contains("--data " + dir.resolve("nope.json") + ": cannot be read (NoSuchFileException");
    Path cut = dir.resolve("cut.json");
    String whole = Files.readString(FIXTURE);
    Files.writeString(cut, whole.substring(0, 300));
    CliRun broken = CliRun.of("bench", "locomo", "--data", cut.toString(), "--out", results.toString());
    assertThat(broken.exitCode()).isEqualTo(2);
    assertThat(broken.err()).contains(cut + " is not JSON (cut short?)");
    try (Stream<Path> written = Files.list(results)) {
      assertThat(written).as("nothing written for bad input").isEmpty();
    }
  }

  @Test
  void should_refuse_a_file_with_nothing_to_score_or_that_never_ends_and_write_nothing(@TempDir Path dir)
      throws Exception {
    Path adversarial = dir.resolve("adversarial.json");
    Files.writeString(adversarial, Files.readString(FIXTURE).replaceAll("\"category\": [0-9]", "\"category\": 5"));
    CliRun none = CliRun.of("bench", "locomo", "--data", adversarial.toString(), "--embedder", "hashing", "--out",
        results.toString());
    assertThat(none.exitCode()).as(none.err()).isEqualTo(2);
    assertThat(none.err()).contains("--data " + adversarial + ": nothing to score: 8 questions, all left out "
        + "(8 adversarial,");
    Path abstentions = dir.resolve("abstentions.json");
    Files.writeString(abstentions, Files.readString(Path.of("src/test/resources/longmemeval/fixture.json"))
        .replaceAll("\"question_id\": \"(q[0-9])\"", "\"question_id\": \"$1_abs\""));
    CliRun abstaining = CliRun.of("bench", "longmemeval", "--data", abstentions.toString(), "--embedder", "hashing",
        "--out", results.toString());
    assertThat(abstaining.exitCode()).as(abstaining.err()).isEqualTo(2);
    assertThat(abstaining.err()).contains("nothing to score: 3 questions, all left out (3 abstention");
    CliRun device = CliRun.of("bench", "longmemeval", "--data", "/dev/zero", "--out", results.toString());
    assertThat(device.exitCode()).isEqualTo(2);
    assertThat(device.err()).contains("/dev/zero is not a regular file");
    try (Stream<Path> written = Files.list(results)) {
      assertThat(written).as("nothing written for bad input").isEmpty();
    }
  }
}
