package dev.memloop.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memloop.mcp.JournaledMemory;
import dev.memloop.mcp.MemoryExport;
import dev.memloop.memory.MemoryKind;
import dev.memloop.memory.MemoryWrite;
import dev.memloop.memory.Recall;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.embed.HashingEmbedder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code memloop memory export} and {@code import}: an export imported into a fresh directory answers the same recalls
 * with the same ids, kinds, versions and times; with {@code --embedder} the texts are embedded again; a newer format,
 * a file that is not an export and an id already kept are refused by name, with nothing written.
 */
class MemoryExportImportTest {

  static final HashingEmbedder EMBEDDER = new HashingEmbedder(64);

  @TempDir
  Path dir;

  @TempDir
  Path results;

  Path source() throws IOException {
    Path data = dir.resolve("source");
    Files.createDirectories(data);
    try (JournaledMemory notes = JournaledMemory.open(data, "notes", WorkingMemory.builder(EMBEDDER).threadSafe()
        .build())) {
      notes.add("the staging database fills its disk on fridays", Map.of(MemoryKind.KEY, "OBSERVATION", "host",
          "db-02"));
      notes.write(MemoryWrite.text("Maria lives in Lisbon").subject("Maria's home")
          .validFrom(Instant.parse("2026-01-01T00:00:00Z")).build());
      notes.write(MemoryWrite.text("Maria moved to Berlin").subject("Maria's home")
          .validFrom(Instant.parse("2026-03-01T00:00:00Z")).build());
    }
    return data;
  }

  static List<String> recall(WorkingMemory memory, String query) {
    return memory.recall(query, 5).stream().map(r -> r.id() + " " + r.text() + " " + r.kind()).toList();
  }

  @Test
  void should_answer_the_same_recalls_after_an_export_is_imported_into_a_fresh_directory() throws IOException {
    Path source = source();
    Path export = dir.resolve("notes.jsonl");
    CliRun exported = CliRun.of("memory", "export", "--data", source.toString(), "--out", export.toString());
    assertThat(exported.exitCode()).as(exported.err()).isZero();
    assertThat(exported.out()).contains("exported 3 items of 1 memories");
    Path fresh = dir.resolve("fresh");
    CliRun imported = CliRun.of("memory", "import", "--data", fresh.toString(), export.toString());
    assertThat(imported.exitCode()).as(imported.err()).isZero();

    try (JournaledMemory before = JournaledMemory.open(source, "notes", WorkingMemory.builder(EMBEDDER).threadSafe()
        .build());
        JournaledMemory after = JournaledMemory.open(fresh, "notes", WorkingMemory.builder(EMBEDDER).threadSafe()
            .build())) {
      for (String query : List.of("when is the disk full?", "where does Maria live?")) {
        assertThat(recall(after, query)).isEqualTo(recall(before, query));
      }
      assertThat(after.history("maria's home")).isEqualTo(before.history("maria's home"));
      Recall disk = after.recall("disk", 1).get(0);
      assertThat(disk.metadata()).containsEntry("host", "db-02");
    }
  }

  @Test
  void should_embed_every_text_again_with_an_embedder_of_its_own() throws IOException {
    Path export = dir.resolve("notes.jsonl");
    CliRun.of("memory", "export", "--data", source().toString(), "--out", export.toString());
    Path moved = dir.resolve("moved");
    CliRun imported = CliRun.of("memory", "import", "--data", moved.toString(), "--embedder", "hashing-32",
        export.toString());
    assertThat(imported.exitCode()).as(imported.err()).isZero();
    assertThat(imported.out()).contains("embedded again by");
    try (JournaledMemory after = JournaledMemory.open(moved, "notes", WorkingMemory.builder(new HashingEmbedder(32))
        .threadSafe().build())) {
      assertThat(after.dimension()).isEqualTo(32);
      assertThat(after.recall("Maria moved to Berlin", 1).get(0).text()).isEqualTo("Maria moved to Berlin");
    }
  }

  @Test
  void should_refuse_a_newer_format_a_foreign_file_and_a_kept_id_by_name_writing_nothing() throws IOException {
    Path newer = dir.resolve("newer.jsonl");
    Files.writeString(newer, "{\"format\":\"" + MemoryExport.FORMAT + "\",\"version\":99,\"memories\":{}}\n");
    Path target = dir.resolve("target");
    CliRun.assertRefused(new String[] {"memory", "import", "--data", target.toString(), newer.toString()},
        "version 99 is newer than this memloop reads (1)", results);
    Path foreign = dir.resolve("foreign.jsonl");
    Files.writeString(foreign, "{\"hello\":1}\n");
    CliRun.assertRefused(new String[] {"memory", "import", "--data", target.toString(), foreign.toString()},
        "line 1: not a memloop export", results);
    assertThat(target).doesNotExist();

    Path source = source();
    Path export = dir.resolve("notes.jsonl");
    CliRun.of("memory", "export", "--data", source.toString(), "--out", export.toString());
    CliRun.assertRefused(new String[] {"memory", "import", "--data", source.toString(), export.toString()},
        "is in " + source + "/notes.journal already; nothing was imported", results);
    CliRun.assertRefused(new String[] {"memory", "export", "--data", "/no/such/dir", "--out", export.toString()},
        "--data /no/such/dir: not a directory", results);
  }
}
