package dev.memloop.cli;

import dev.memloop.cli.command.Failures;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.memloop.mcp.JournaledMemory;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.runtime.config.EmbedderNames;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sweep's cases against {@code memloop mcp} replayed as written, each a process of its own: a journal damaged in
 * the middle is refused by name and offset and left as it was, and {@code memloop memory repair} keeps every whole
 * record; a second server on one directory is refused naming the first's pid; the valid JSON that made the stdio
 * server deaf is answered, each line, and the server ends once its input does.
 */
class McpFaultsCommandTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path data;

  private static WorkingMemory empty() {
    return WorkingMemory.builder(EmbedderNames.resolve("hashing")).threadSafe().lexical().build();
  }

  @Test
  void should_refuse_a_journal_damaged_in_the_middle_and_repair_it_keeping_every_whole_record() throws IOException {
    Path file;
    try (JournaledMemory notes = JournaledMemory.open(data, "notes", empty())) {
      for (int i = 0; i < 636; i++) {
        notes.add("note " + i + " about order-" + i);
      }
      file = notes.file();
    }
    ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(file));
    int at = 8;
    for (int record = 0; record < 318; record++) {
      at += 8 + bytes.getInt(at);
    }
    byte[] damaged = bytes.array().clone();
    damaged[at + 1] ^= 0x10; // record 318's length, a bit flipped: it now points past the end
    Files.write(file, damaged);

    CliRun refused = CliRun.of("mcp", "--embedder", "hashing", "--memory", "notes", "--data", data.toString());
    assertThat(refused.exitCode()).as(refused.err()).isEqualTo(Failures.USAGE);
    assertThat(refused.err()).contains("is damaged at byte " + at).contains(file.toString())
        .contains("memloop memory repair --data " + data).doesNotContain("\tat ");
    assertThat(Files.readAllBytes(file)).as("nothing cut, nothing served").isEqualTo(damaged);

    CliRun repaired = CliRun.of("memory", "repair", "--data", data.toString());
    assertThat(repaired.exitCode()).as(repaired.err()).isZero();
    assertThat(repaired.out()).contains(file + ": kept ").contains("dropped:").contains(file + ".damaged");
    assertThat(Path.of(file + ".damaged")).hasBinaryContent(damaged);
    try (JournaledMemory notes = JournaledMemory.open(data, "notes", empty())) {
      assertThat(notes.size()).as("every note but the damaged one").isEqualTo(635);
    }
    CliRun whole = CliRun.of("memory", "repair", "--data", data.toString());
    assertThat(whole.out()).contains(file + ": whole, 635 records; left as it is");
  }

  @Test
  void should_refuse_a_second_server_on_one_directory_naming_the_first_one_s_pid() throws Exception {
    Process first = new ProcessBuilder(McpCommandTest.mcpCommand("--embedder", "hashing", "--data", data.toString()))
        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    try {
      Path lock = data.resolve("memloop.lock");
      long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2); // a deadline for the JVM's start, not a timing check
      while (!(Files.exists(lock) && Files.readString(lock).strip().equals(Long.toString(first.pid())))) {
        assertThat(first.isAlive()).as("the first server runs").isTrue();
        assertThat(System.nanoTime()).as("the first server took the directory").isLessThan(deadline);
        Thread.onSpinWait();
      }
      Process second = new ProcessBuilder(McpCommandTest.mcpCommand("--embedder", "hashing", "--data",
          data.toString())).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
      second.getOutputStream().close();
      String err = new String(second.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(second.waitFor(2, TimeUnit.MINUTES)).isTrue();
      assertThat(second.exitValue()).as(err).isEqualTo(Failures.FAILED);
      assertThat(err).contains("is in use by process " + first.pid()).doesNotContain("\tat ");
      first.getOutputStream().close(); // the first one's client goes: it ends, and lets go
      assertThat(first.waitFor(2, TimeUnit.MINUTES)).isTrue();
      assertThat(first.exitValue()).isZero();
    } finally {
      first.destroyForcibly();
    }
  }

  @Test
  void should_answer_each_line_that_made_the_stdio_server_deaf_and_end_with_its_input() throws Exception {
    List<String> lines = List.of(
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
            + "\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}",
        "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
        "{\"jsonrpc\":\"2.0\",\"id\":902}",
        "{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"tools/list\"}",
        "{\"id\":905,\"method\":\"tools/list\"}",
        "{\"jsonrpc\":\"2.0\",\"id\":{\"a\":1},\"method\":\"tools/list\"}",
        "{\"jsonrpc\":\"1.0\",\"id\":907,\"method\":\"tools/list\"}",
        "{\"jsonrpc\":\"2.0\",\"id\":908,\"method\":\"tools/call\",\"params\":[1]}",
        "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}");
    Process process = new ProcessBuilder(McpCommandTest.mcpCommand("--embedder", "hashing"))
        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    try {
      try (Writer in = new java.io.OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8)) {
        for (String line : lines) {
          in.write(line + "\n");
        }
      } // the end of input right after: every request before it is still answered
      List<JsonNode> replies = new ArrayList<>();
      try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
          StandardCharsets.UTF_8))) {
        for (String line = out.readLine(); line != null; line = out.readLine()) {
          replies.add(JSON.readTree(line));
        }
      }
      assertThat(process.waitFor(2, TimeUnit.MINUTES)).isTrue();
      assertThat(process.exitValue()).isZero();
      Set<String> ids = new HashSet<>();
      int errors = 0;
      for (JsonNode reply : replies) {
        ids.add(reply.path("id").toString());
        errors += reply.has("error") ? 1 : 0;
      }
      assertThat(ids).as("the initialize, the last request, and the ids that could be read").contains("1", "2",
          "902", "905", "907", "908");
      assertThat(errors).as("one JSON-RPC error for each of the six malformed lines").isEqualTo(6);
      assertThat(replies).as("one reply per request, nothing for the notification").hasSize(8);
    } finally {
      process.destroyForcibly();
    }
  }
}
