package dev.memloop.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memloop.memory.MemoryItem;
import dev.memloop.memory.MemoryKind;
import dev.memloop.memory.MetadataFilter;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.embed.HashingEmbedder;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A memory kept on disk: what was acknowledged comes back on the next open, with its ids, texts, vectors, kinds and
 * metadata; a record cut off by a crash is dropped; a damaged or foreign file is refused by name.
 */
class JournaledMemoryTest {

  static final HashingEmbedder EMBEDDER = new HashingEmbedder(64);

  @TempDir
  Path dir;

  static WorkingMemory empty() {
    return WorkingMemory.builder(EMBEDDER).threadSafe().build();
  }

  static List<MemoryItem> sorted(WorkingMemory memory) {
    List<MemoryItem> items = new ArrayList<>(memory.items());
    items.sort(java.util.Comparator.comparing(MemoryItem::id));
    return items;
  }

  @Test
  void should_come_back_with_every_acknowledged_write_and_nothing_removed() {
    List<MemoryItem> before;
    String kept;
    try (JournaledMemory memory = JournaledMemory.open(dir, "notes", empty())) {
      kept = memory.add("the user is vegetarian", Map.of("user", "ana", "visits", 3, "id", UUID.nameUUIDFromBytes(
          new byte[] {1}), "score", 0.5, "weight", 2.5f, "big", 1L << 40));
      String gone = memory.add("a note to forget");
      memory.add("an executed action", Map.of(MemoryKind.KEY, "ACTION"));
      memory.addAll(List.of("one", "two", "three"));
      memory.addVector("caller-1", EMBEDDER.embed("a caller's id"), "a caller's id", Map.of());
      assertThat(memory.remove(gone)).isTrue();
      assertThat(memory.removeAll(MetadataFilter.eq("user", "nobody"))).isZero();
      before = sorted(memory);
    }
    try (JournaledMemory again = JournaledMemory.open(dir, "notes", empty())) {
      List<MemoryItem> after = sorted(again);
      assertThat(after).hasSize(before.size()).hasSize(6);
      for (int i = 0; i < after.size(); i++) {
        assertThat(after.get(i).id()).isEqualTo(before.get(i).id());
        assertThat(after.get(i).text()).isEqualTo(before.get(i).text());
        assertThat(after.get(i).vector()).containsExactly(before.get(i).vector());
        assertThat(after.get(i).metadata()).isEqualTo(before.get(i).metadata());
      }
      assertThat(again.match("the user is vegetarian", 0.99)).hasValueSatisfying(r -> assertThat(r.id())
          .isEqualTo(kept));
      assertThat(again.search(dev.memloop.memory.MemoryQuery.text("executed action").k(1)
          .kinds(MemoryKind.ACTION).build())).singleElement().satisfies(r -> assertThat(r.kind())
          .isEqualTo(MemoryKind.ACTION));
      assertThat(again.removeAll(MetadataFilter.eq("user", "ana"))).isEqualTo(1);
    }
    try (JournaledMemory third = JournaledMemory.open(dir, "notes", empty())) {
      assertThat(third.items()).hasSize(5).extracting(MemoryItem::text).doesNotContain("the user is vegetarian");
      third.clear();
      third.add("after the clear");
    }
    try (JournaledMemory fourth = JournaledMemory.open(dir, "notes", empty())) {
      assertThat(fourth.items()).extracting(MemoryItem::text).containsExactly("after the clear");
    }
  }

  @Test
  void should_keep_every_write_of_concurrent_writers() throws Exception {
    int writers = 4;
    int each = 150;
    ExecutorService pool = Executors.newFixedThreadPool(writers);
    List<String> acknowledged = java.util.Collections.synchronizedList(new ArrayList<>());
    try (JournaledMemory memory = JournaledMemory.open(dir, "shared", empty())) {
      List<Future<?>> done = new ArrayList<>();
      for (int w = 0; w < writers; w++) {
        int writer = w;
        done.add(pool.submit(() -> {
          for (int i = 0; i < each; i++) {
            String id = memory.add("writer " + writer + " note " + i);
            if (i % 10 == 0) {
              memory.remove(id);
            } else {
              acknowledged.add(id);
            }
          }
        }));
      }
      for (Future<?> f : done) {
        f.get(60, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    try (JournaledMemory again = JournaledMemory.open(dir, "shared", empty())) {
      assertThat(again.items()).extracting(MemoryItem::id).containsExactlyInAnyOrderElementsOf(acknowledged)
          .hasSize(writers * each - writers * (each / 10));
    }
  }

  @Test
  void should_drop_a_record_cut_off_by_a_crash_and_go_on_from_the_last_whole_one() throws IOException {
    try (JournaledMemory memory = JournaledMemory.open(dir, "torn", empty())) {
      memory.add("first");
      memory.add("second");
    }
    Path file = dir.resolve("torn.journal");
    long whole = Files.size(file);
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
      channel.truncate(whole - 5); // the second record, half on the disk
    }
    try (JournaledMemory memory = JournaledMemory.open(dir, "torn", empty())) {
      assertThat(memory.items()).extracting(MemoryItem::text).containsExactly("first");
      memory.add("third");
    }
    try (JournaledMemory memory = JournaledMemory.open(dir, "torn", empty())) {
      assertThat(memory.items()).extracting(MemoryItem::text).containsExactly("first", "third");
    }
  }

  @Test
  void should_refuse_a_damaged_foreign_or_other_dimension_journal_by_name_and_change_nothing() throws IOException {
    try (JournaledMemory memory = JournaledMemory.open(dir, "notes", empty())) {
      memory.add("first");
      memory.add("second");
    }
    Path file = dir.resolve("notes.journal");
    byte[] bytes = Files.readAllBytes(file);
    byte[] damaged = bytes.clone();
    damaged[20] ^= 0x5a; // inside the first record's payload: its checksum no longer matches
    Files.write(file, damaged);
    assertThatThrownBy(() -> JournaledMemory.open(dir, "notes", empty())).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the memory's journal " + file + " is damaged at byte 8 (its checksum does not match); nothing "
            + "was served and nothing changed. memloop memory repair --data " + dir + " keeps every whole record and "
            + "says what it drops; or restore the file from a copy");
    assertThat(Files.readAllBytes(file)).as("left as it was").isEqualTo(damaged);

    Files.write(file, bytes);
    assertThatThrownBy(() -> JournaledMemory.open(dir, "notes", WorkingMemory.builder(new HashingEmbedder(128))
        .threadSafe().build())).hasMessageStartingWith("the memory's journal " + file + " was written with an "
            + "embedder of dimension 64; this one's is 128");

    Path foreign = dir.resolve("foreign.journal");
    Files.writeString(foreign, "not a journal at all");
    assertThatThrownBy(() -> JournaledMemory.open(dir, "foreign", empty()))
        .hasMessage("the memory's journal " + foreign + " is not one (no MLJ1 header)");
    WorkingMemory used = empty();
    used.add("already here");
    assertThatThrownBy(() -> JournaledMemory.open(dir, "notes", used))
        .hasMessage("a journal replays into an empty memory; this one holds 1 items");
  }

  @Test
  void should_compact_a_journal_of_mostly_removed_items_when_it_opens() throws IOException {
    List<String> passing = new ArrayList<>();
    try (JournaledMemory memory = JournaledMemory.open(dir, "churn", empty())) {
      for (int i = 0; i < 1_200; i++) {
        passing.add(memory.add("passing note " + i));
      }
      memory.add("the one that stays");
    }
    // removals as a journal written before removals rewrote it holds them: appended, the additions still before them
    try (java.nio.channels.FileChannel channel = java.nio.channels.FileChannel.open(dir.resolve("churn.journal"),
        java.nio.file.StandardOpenOption.APPEND)) {
      for (String id : passing) {
        java.nio.ByteBuffer frame = JournalFile.frame(JournalFile.removal(id));
        while (frame.hasRemaining()) {
          channel.write(frame);
        }
      }
    }
    long churned = Files.size(dir.resolve("churn.journal"));
    try (JournaledMemory memory = JournaledMemory.open(dir, "churn", empty())) {
      assertThat(memory.items()).extracting(MemoryItem::text).containsExactly("the one that stays");
    }
    assertThat(Files.size(dir.resolve("churn.journal"))).as("rewritten with the live item alone")
        .isLessThan(churned / 100);
    try (JournaledMemory memory = JournaledMemory.open(dir, "churn", empty())) {
      assertThat(memory.items()).extracting(MemoryItem::text).containsExactly("the one that stays");
    }
  }

  /** A removal rewrites the journal: the removed text is in no record once remove answers, and a replay agrees. */
  @Test
  void should_leave_no_record_of_a_removed_item_in_the_journal() throws IOException {
    Path file = dir.resolve("erased.journal");
    try (JournaledMemory memory = JournaledMemory.open(dir, "erased", empty())) {
      String secret = memory.add("the alarm code is 7731");
      memory.add("the alarm is in the hall");
      assertThat(Files.readString(file, java.nio.charset.StandardCharsets.ISO_8859_1)).contains("7731");
      memory.remove(secret);
      assertThat(Files.readString(file, java.nio.charset.StandardCharsets.ISO_8859_1)).doesNotContain("7731")
          .contains("the alarm is in the hall");
      memory.add("written after the rewrite");
    }
    try (JournaledMemory again = JournaledMemory.open(dir, "erased", empty())) {
      assertThat(again.items()).extracting(MemoryItem::text)
          .containsExactly("the alarm is in the hall", "written after the rewrite");
    }
  }


  /** A journal in time: a replay keeps each version's record time, its interval and its successor, and a forget. */
  @Test
  void should_come_back_with_every_version_its_times_and_a_forgotten_subject_gone() {
    java.time.Instant jan = java.time.Instant.parse("2026-01-01T00:00:00Z");
    java.time.Instant mar = java.time.Instant.parse("2026-03-01T00:00:00Z");
    List<dev.memloop.memory.MemoryVersion> before;
    try (JournaledMemory memory = JournaledMemory.open(dir, "facts", empty())) {
      memory.write(dev.memloop.memory.MemoryWrite.text("Maria lives in Lisbon").subject("Maria's home").validFrom(jan)
          .build());
      memory.write(dev.memloop.memory.MemoryWrite.text("Maria moved to Berlin").subject("maria's home")
          .validFrom(mar).build());
      memory.write(dev.memloop.memory.MemoryWrite.text("the van is blue").subject("van colour").build());
      memory.write(dev.memloop.memory.MemoryWrite.text("the van is red").subject("van colour").build());
      assertThat(memory.removeSubject("VAN COLOUR")).isEqualTo(2);
      before = memory.history("maria's home");
    }
    try (JournaledMemory again = JournaledMemory.open(dir, "facts", empty())) {
      assertThat(again.history("Maria's home")).isEqualTo(before);
      assertThat(before).extracting(dev.memloop.memory.MemoryVersion::validTo).containsExactly(mar, null);
      assertThat(again.history("van colour")).isEmpty();
      assertThat(again.recall("where does Maria live", 5)).extracting(dev.memloop.memory.Recall::text)
          .containsExactly("Maria moved to Berlin");
    }
  }
}
