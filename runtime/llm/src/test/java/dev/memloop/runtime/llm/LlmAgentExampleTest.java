package dev.memloop.runtime.llm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.extension.ExtendWith;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import dev.memloop.runtime.ReadmeExamples;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The root README's "your first LLM agent" and memloop-llm's README example are this module's LlmAgent.java, word for
 * word, and it runs as printed: in a JVM of its own, its endpoint, key and model from the environment, against the
 * scripted OpenAI-compatible server.
 */
@ExtendWith(ScriptedChatServerExtension.class)
class LlmAgentExampleTest {

  static final String HEADING = "## Example: an LLM agent";
  static final String ROOT_HEADING = "### Your first LLM agent";

  ScriptedChatServer server;

  @BeforeEach
  void start(ScriptedChatServer server) throws Exception {
    this.server = server;
  }

  @Test
  void should_print_in_both_readmes_exactly_the_program_the_suite_compiles() throws IOException {
    String source = Files.readString(Path.of("src/test/java/LlmAgent.java"));
    assertThat(ReadmeExamples.javaBlock(Path.of("README.md"), HEADING)).isEqualTo(source);
    assertThat(ReadmeExamples.javaBlock(ReadmeExamples.projectRoot().resolve("README.md"), ROOT_HEADING))
        .as("the root README's second example").isEqualTo(source);
  }

  @Test
  void should_remember_in_one_turn_recall_in_the_next_and_call_its_own_tool() throws Exception {
    server.toolCalls(new ScriptedChatServer.ToolCall("remember",
        "{\"text\":\"the user is vegetarian and travels by train\"}")).text("Noted: vegetarian, by train.")
        .toolCalls(new ScriptedChatServer.ToolCall("recall", "{\"query\":\"what the user requires\"}"))
        .toolCalls(new ScriptedChatServer.ToolCall("weather", "{\"city\":\"Lisbon\"}"))
        .text("A vegetarian day in Lisbon, there and back by train; it will be sunny.");
    Map<String, String> environment = new HashMap<>();
    environment.put("OPENAI_BASE_URL", server.baseUrl());
    environment.put("OPENAI_MODEL", "gpt-5-mini");
    environment.put("OPENAI_API_KEY", null); // no key: the scripted server needs none, and a real one must not leak
    String out = ReadmeExamples.run(ReadmeExamples.testClassPath(), List.of(), environment, "LlmAgent");
    assertThat(out).contains("Noted: vegetarian, by train.")
        .contains("A vegetarian day in Lisbon, there and back by train; it will be sunny.");
    List<String> requests = server.requests().stream().map(Object::toString).toList();
    assertThat(requests).hasSize(5);
    assertThat(requests.get(3)).as("the recall in the second turn found the first turn's note")
        .contains("the user is vegetarian and travels by train");
    assertThat(requests.get(4)).contains("sunny in Lisbon");
  }
}
