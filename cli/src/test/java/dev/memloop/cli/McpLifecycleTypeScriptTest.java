package dev.memloop.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A memory that knows what is current, as a TypeScript program meets it: {@code memloop mcp --data DIR} spoken to by
 * the official MCP TypeScript SDK's client ({@code scripts/mcp-ts-client}). Two facts on one subject: the later one
 * answers by default and the earlier one does not; {@code as_of} before the update answers the earlier one;
 * {@code include_superseded} both, with their intervals; a restart keeps all of it; a misspelt argument and a bad
 * date are tool errors naming them.
 */
class McpLifecycleTypeScriptTest {

  static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path data;

  @Test
  void should_answer_the_current_fact_the_past_one_as_of_and_both_with_intervals_across_a_restart() throws Exception {
    JsonNode written = run("write");
    JsonNode restarted = run("read");

    assertThat(written.at("/first/isError").asBoolean()).isFalse();
    String lisbon = written.at("/first/structured/id").asText();
    String berlin = written.at("/second/structured/id").asText();
    assertThat(written.at("/misspelt/isError").asBoolean()).isTrue();
    assertThat(written.at("/misspelt/text").asText()).contains("\"subjet\"").contains("subject");
    assertThat(written.at("/badAsOf/isError").asBoolean()).isTrue();
    assertThat(written.at("/badAsOf/text").asText()).contains("as_of").contains("last spring");

    for (JsonNode seen : List.of(written, restarted)) {
      String phase = seen.at("/phase").asText();
      assertThat(ids(seen.at("/current/structured/items"))).as(phase).containsExactly(berlin);
      assertThat(ids(seen.at("/asOf/structured/items"))).as(phase).containsExactly(lisbon);
      JsonNode all = seen.at("/all/structured/items");
      assertThat(ids(all)).as(phase).containsExactlyInAnyOrder(lisbon, berlin);
      for (JsonNode item : all) {
        if (item.get("id").asText().equals(lisbon)) {
          assertThat(item.get("valid_from").asText()).isEqualTo("2026-01-01T00:00:00Z");
          assertThat(item.get("valid_to").asText()).isEqualTo("2026-03-01T00:00:00Z");
          assertThat(item.get("superseded_by").asText()).isEqualTo(berlin);
          assertThat(item.get("subject").asText()).isEqualTo("Maria's home");
        } else {
          assertThat(item.get("valid_from").asText()).isEqualTo("2026-03-01T00:00:00Z");
          assertThat(item.has("valid_to")).isFalse();
        }
      }
      assertThat(ids(seen.at("/history/structured/items"))).as(phase).containsExactly(lisbon, berlin);
      assertThat(seen.at("/all/text").asText()).contains("valid 2026-01-01T00:00:00Z to 2026-03-01T00:00:00Z");
    }
  }

  static List<String> ids(JsonNode items) {
    List<String> out = new ArrayList<>();
    items.forEach(item -> out.add(item.get("id").asText()));
    return out;
  }

  /** One run of the TypeScript client against a server of its own on {@link #data}: its one line of JSON. */
  JsonNode run(String phase) throws IOException, InterruptedException {
    Path script = Path.of("src/test/resources/ts/lifecycle-client.mjs").toAbsolutePath();
    ProcessBuilder builder = new ProcessBuilder(client().toString(), script.toString(), phase)
        .redirectError(ProcessBuilder.Redirect.INHERIT);
    builder.environment().put("MEMLOOP_SERVER_COMMAND", JSON.writeValueAsString(
        McpCommandTest.mcpCommand("--memory", "facts", "--data", data.toString(), "--embedder", "hashing")));
    Process process = builder.start();
    try {
      byte[] out = process.getInputStream().readAllBytes();
      assertThat(process.waitFor(5, TimeUnit.MINUTES)).as("the client ends").isTrue();
      assertThat(process.exitValue()).as("the client's exit status").isZero();
      String text = new String(out, StandardCharsets.UTF_8).strip();
      return JSON.readTree(text.substring(text.lastIndexOf('\n') + 1));
    } finally {
      process.destroyForcibly();
    }
  }

  /** {@code scripts/mcp-ts-client}, found above the working directory (the module's, under Maven). */
  static Path client() throws IOException {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve("scripts").resolve("mcp-ts-client");
      if (Files.isExecutable(candidate)) {
        return candidate;
      }
    }
    throw new IOException("scripts/mcp-ts-client not found above " + Path.of("").toAbsolutePath());
  }
}
