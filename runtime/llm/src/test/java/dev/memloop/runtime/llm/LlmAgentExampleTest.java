package dev.memloop.runtime.llm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * memloop-llm's README example is this module's LlmAgent.java, word for word, and it runs as printed: in a JVM of its
 * own, its endpoint, key and model from the environment, against the scripted OpenAI-compatible server.
 */
class LlmAgentExampleTest {

  static final String HEADING = "## Example: an LLM agent";

  ScriptedChatServer server;

  @BeforeEach
  void start() throws Exception {
    server = new ScriptedChatServer();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  static String readmeBlock(Path readme, String heading) throws IOException {
    String text = Files.readString(readme);
    int at = text.indexOf(heading);
    assertThat(at).as("%s has the heading '%s'", readme, heading).isNotNegative();
    int start = text.indexOf("```java\n", at);
    int end = text.indexOf("\n```", start + 8);
    return text.substring(start + "```java\n".length(), end + 1);
  }

  @Test
  void should_print_in_the_readme_exactly_the_program_the_suite_compiles() throws IOException {
    assertThat(readmeBlock(Path.of("README.md"), HEADING))
        .isEqualTo(Files.readString(Path.of("src/test/java/LlmAgent.java")));
  }

  @Test
  void should_remember_in_one_turn_recall_in_the_next_and_call_its_own_tool() throws Exception {
    server.toolCalls(new ScriptedChatServer.ToolCall("remember",
        "{\"text\":\"the user is vegetarian and travels by train\"}")).text("Noted: vegetarian, by train.")
        .toolCalls(new ScriptedChatServer.ToolCall("recall", "{\"query\":\"what the user requires\"}"))
        .toolCalls(new ScriptedChatServer.ToolCall("weather", "{\"city\":\"Lisbon\"}"))
        .text("A vegetarian day in Lisbon, there and back by train; it will be sunny.");
    ProcessBuilder java = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), "LlmAgent").redirectErrorStream(true);
    java.environment().put("OPENAI_BASE_URL", server.baseUrl());
    java.environment().put("OPENAI_MODEL", "gpt-5-mini");
    java.environment().remove("OPENAI_API_KEY");
    Process process = java.start();
    process.getOutputStream().close();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(2, TimeUnit.MINUTES)).isTrue();
    assertThat(process.exitValue()).as(out).isZero();
    assertThat(out).contains("Noted: vegetarian, by train.")
        .contains("A vegetarian day in Lisbon, there and back by train; it will be sunny.");
    List<String> requests = server.requests().stream().map(Object::toString).toList();
    assertThat(requests).hasSize(5);
    assertThat(requests.get(3)).as("the recall in the second turn found the first turn's note")
        .contains("the user is vegetarian and travels by train");
    assertThat(requests.get(4)).contains("sunny in Lisbon");
  }
}
