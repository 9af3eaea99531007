package dev.memloop.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memloop.mcp.JournaledMemory;
import dev.memloop.memory.MemoryWrite;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.embed.HashingEmbedder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code memloop memory audit}: a note's text is found in its journal while it is kept, and in no file once it is
 * forgotten (by id or by subject); bad input is refused by name.
 */
class MemoryAuditCommandTest {

  @TempDir
  Path data;

  @TempDir
  Path results;

  static WorkingMemory empty() {
    return WorkingMemory.builder(new HashingEmbedder(32)).threadSafe().build();
  }

  @Test
  void should_find_a_kept_text_and_none_once_it_is_forgotten_by_id_or_subject() throws IOException {
    String id;
    try (JournaledMemory memory = JournaledMemory.open(data, "notes", empty())) {
      id = memory.add("the wifi password is correct-horse-battery");
      memory.write(MemoryWrite.text("Maria's new address is 12 Rua Augusta").subject("Maria's address").build());
      memory.write(MemoryWrite.text("Maria's address is now 3 Calle Mayor").subject("maria's address").build());
      memory.add("a note that stays");

      CliRun kept = CliRun.of("memory", "audit", "--data", data.toString(), "--text", "correct-horse-battery");
      assertThat(kept.exitCode()).as(kept.out() + kept.err()).isEqualTo(1);
      assertThat(kept.out()).contains("notes.journal: holds it at byte").contains("1 of 2 files"); // the journal, and the lock that holds the directory

      memory.remove(id);
      memory.removeSubject("Maria's address");
    }
    for (String forgotten : new String[] {"correct-horse-battery", "12 Rua Augusta", "3 Calle Mayor"}) {
      CliRun gone = CliRun.of("memory", "audit", "--data", data.toString(), "--text", forgotten);
      assertThat(gone.exitCode()).as(forgotten + ": " + gone.out() + gone.err()).isZero();
      assertThat(gone.out()).contains("no file under " + data + " holds it");
    }
    assertThat(CliRun.of("memory", "audit", "--data", data.toString(), "--text", "a note that stays").exitCode())
        .isEqualTo(1);
    try (JournaledMemory again = JournaledMemory.open(data, "notes", empty())) {
      assertThat(again.items()).extracting(item -> item.text()).containsExactly("a note that stays");
    }
  }

  @Test
  void should_refuse_a_missing_directory_and_a_blank_text_by_name() throws IOException {
    CliRun.assertRefused(new String[] {"memory", "audit", "--data", "/no/such/dir", "--text", "x"},
        "--data /no/such/dir: not a directory", results);
    CliRun.assertRefused(new String[] {"memory", "audit", "--data", data.toString(), "--text", " "},
        "--text must not be blank", results);
    Files.writeString(data.resolve("other.txt"), "unrelated");
    assertThat(CliRun.of("memory", "audit", "--data", data.toString(), "--text", "missing").out())
        .contains("(1 files read)");
  }
}
