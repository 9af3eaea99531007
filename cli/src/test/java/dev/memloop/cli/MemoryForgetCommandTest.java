package dev.memloop.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memloop.auth.Principal;
import dev.memloop.mcp.DataDirectory;
import dev.memloop.mcp.JournaledMemory;
import dev.memloop.memory.MemoryKind;
import dev.memloop.memory.MemoryWrite;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.embed.HashingEmbedder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code memloop memory forget}: by id, subject, author and metadata, each gone from every file under the directory
 * ({@code memloop memory audit} says so) while the rest stays; a principal erased whole; bad input refused by name,
 * a served directory refused.
 */
class MemoryForgetCommandTest {

  @TempDir
  Path data;

  @TempDir
  Path results;

  static WorkingMemory empty() {
    return WorkingMemory.builder(new HashingEmbedder(32)).threadSafe().build();
  }

  static void assertGone(Path data, String text) {
    CliRun audit = CliRun.of("memory", "audit", "--data", data.toString(), "--text", text);
    assertThat(audit.exitCode()).as(text + ": " + audit.out()).isZero();
  }

  static void assertKept(Path data, String text) {
    assertThat(CliRun.of("memory", "audit", "--data", data.toString(), "--text", text).exitCode()).as(text)
        .isEqualTo(1);
  }

  @Test
  void should_forget_by_id_subject_author_and_metadata_and_keep_the_rest() throws IOException {
    String id;
    try (JournaledMemory memory = JournaledMemory.open(data, "notes", empty())) {
      id = memory.add("the wifi password is correct-horse-battery");
      memory.write(MemoryWrite.text("Maria lives at 12 Rua Augusta").subject("maria's address").build());
      memory.write(MemoryWrite.text("Maria moved to 3 Calle Mayor").subject("Maria's address").build());
      memory.add("bob's note: the deploy key rotates on mondays", Map.of(MemoryKind.AUTHOR_KEY, "bob"));
      memory.add("ticket 4411 is a duplicate", Map.of("project", "apollo"));
      memory.add("a note that stays", Map.of("project", "gemini"));
    }
    CliRun run = CliRun.of("memory", "forget", "--data", data.toString(), "--memory", "notes", "--id", id,
        "--subject", "MARIA'S ADDRESS", "--author", "bob");
    assertThat(run.exitCode()).as(run.err()).isZero();
    // the item --id names, both versions of the subject, and bob's one
    assertThat(run.out()).startsWith("forgot 4 items of notes in " + data);
    CliRun byProject = CliRun.of("memory", "forget", "--data", data.toString(), "--memory", "notes", "--where",
        "project=apollo");
    assertThat(byProject.out()).startsWith("forgot 1 item of notes");
    for (String gone : new String[] {"correct-horse-battery", "12 Rua Augusta", "3 Calle Mayor", "deploy key",
        "ticket 4411"}) {
      assertGone(data, gone);
    }
    assertKept(data, "a note that stays");
    try (JournaledMemory again = JournaledMemory.open(data, "notes", empty())) {
      assertThat(again.items()).extracting(item -> item.text()).containsExactly("a note that stays");
    }
  }

  @Test
  void should_erase_a_principal_whole_and_no_one_else() throws IOException {
    for (String principal : new String[] {"alice", "auth0|42", "bob"}) {
      try (JournaledMemory memory = JournaledMemory.open(data, "vault@" + Principal.fileName(principal), empty())) {
        memory.add(principal + "'s secret is " + principal.hashCode());
      }
    }
    CliRun erased = CliRun.of("memory", "forget", "--data", data.toString(), "--principal", "auth0|42");
    assertThat(erased.exitCode()).as(erased.err()).isZero();
    assertThat(erased.out()).startsWith("erased auth0|42: deleted 1 journal in " + data)
        .contains("vault@" + Principal.fileName("auth0|42") + ".journal");
    assertGone(data, "auth0|42's secret");
    assertKept(data, "alice's secret");
    assertKept(data, "bob's secret");
    assertThat(CliRun.of("memory", "forget", "--data", data.toString(), "--principal", "auth0|42").err())
        .contains("--principal auth0|42: no journal of theirs in " + data);
  }

  @Test
  void should_refuse_bad_input_and_a_served_directory_by_name() throws Exception {
    try (JournaledMemory memory = JournaledMemory.open(data, "notes", empty())) {
      memory.add("a note");
    }
    // a server in a process of its own (a lock is per process: this JVM's own hold would be shared, not refused)
    Process server = new ProcessBuilder(McpCommandTest.mcpCommand("--memory", "notes", "--embedder", "hashing-32",
        "--data", data.toString())).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    try {
      Path lock = data.resolve(DataDirectory.LOCK_FILE);
      org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(60)).until(() -> Files.exists(lock)
          && Files.readString(lock).contains(Long.toString(server.pid())));
      CliRun served = CliRun.of("memory", "forget", "--data", data.toString(), "--memory", "notes", "--subject", "x");
      assertThat(served.exitCode()).as(served.err()).isEqualTo(2);
      assertThat(served.err()).contains("--data " + data).contains(Long.toString(server.pid()));
    } finally {
      server.getOutputStream().close(); // the server ends when its standard input closes
      if (!server.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)) {
        server.destroyForcibly();
      }
    }
    CliRun.assertRefused(new String[] {"memory", "forget", "--data", data.toString(), "--memory", "notes"},
        "say what to forget", results);
    CliRun.assertRefused(new String[] {"memory", "forget", "--data", data.toString(), "--subject", "x"},
        "--memory NAME is needed", results);
    CliRun.assertRefused(new String[] {"memory", "forget", "--data", data.toString(), "--memory", "notes", "--where",
        "project"}, "--where must be KEY=VALUE: 'project'", results);
    CliRun.assertRefused(new String[] {"memory", "forget", "--data", data.toString(), "--memory", "other", "--id",
        "x"}, "--memory other: no journal", results);
    CliRun.assertRefused(new String[] {"memory", "forget", "--data", data.resolve("none").toString(), "--id", "x"},
        "no such directory", results);
    assertKept(data, "a note");
  }
}
