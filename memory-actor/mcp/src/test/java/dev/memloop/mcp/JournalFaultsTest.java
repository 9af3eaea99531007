package dev.memloop.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memloop.memory.MemoryItem;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.embed.HashingEmbedder;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A journal under the faults a sweep found: a damaged record before the end is refused by name and offset and
 * nothing changes; a torn tail is cut; repair keeps every whole record; a failed append leaves nothing behind; a
 * second process is refused the directory, and a killed one's lock is taken over.
 */
class JournalFaultsTest {

  @TempDir
  Path dir;

  static WorkingMemory empty() {
    return WorkingMemory.builder(new HashingEmbedder(64)).threadSafe().build();
  }

  /** The byte offsets of each record's frame in {@code file}. */
  static List<Long> frames(Path file) throws IOException {
    ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(file));
    List<Long> offsets = new ArrayList<>();
    for (int at = 8; at < bytes.limit(); at += 8 + bytes.getInt(at)) {
      offsets.add((long) at);
    }
    return offsets;
  }

  private Path written(String name, int notes) {
    try (JournaledMemory memory = JournaledMemory.open(dir, name, empty())) {
      for (int i = 0; i < notes; i++) {
        memory.add("note " + i + " about order-" + i);
      }
      return memory.file();
    }
  }

  @Test
  void should_refuse_a_flipped_length_in_the_middle_by_name_and_offset_and_change_nothing() throws IOException {
    Path file = written("notes", 636);
    long record318 = frames(file).get(318);
    byte[] damaged = Files.readAllBytes(file);
    damaged[(int) record318 + 1] ^= 0x10; // a megabyte more in its length: it now points past the end of the file
    Files.write(file, damaged);
    assertThatThrownBy(() -> JournaledMemory.open(dir, "notes", empty())).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("the memory's journal " + file + " is damaged at byte " + record318)
        .hasMessageContaining("past the end, with a whole one at byte")
        .hasMessageContaining("memloop memory repair --data " + dir);
    assertThat(Files.readAllBytes(file)).as("not cut: every acknowledged note is still on the disk").isEqualTo(damaged);
  }

  @Test
  void should_refuse_a_flipped_byte_in_the_last_record_which_was_acknowledged() throws IOException {
    Path file = written("notes", 10);
    byte[] damaged = Files.readAllBytes(file);
    damaged[damaged.length - 3] ^= 0x01;
    Files.write(file, damaged);
    assertThatThrownBy(() -> JournaledMemory.open(dir, "notes", empty()))
        .hasMessageContaining("is damaged at byte " + frames(file).get(9))
        .hasMessageContaining("the last record, whole: a write that was acknowledged");
    assertThat(Files.readAllBytes(file)).isEqualTo(damaged);
  }

  @Test
  void should_refuse_a_flipped_length_in_the_last_record_which_only_looks_torn() throws IOException {
    Path file = written("notes", 10);
    long last = frames(file).get(9);
    byte[] damaged = Files.readAllBytes(file);
    int bit = Integer.lowestOneBit(~damaged[(int) last + 3] & 0xc0); // a clear high bit of the length's last byte
    damaged[(int) last + 3] ^= (byte) bit; // 64 or 128 bytes more than it holds: past the end, like a torn write
    Files.write(file, damaged);
    assertThat(bit).isPositive();
    assertThatThrownBy(() -> JournaledMemory.open(dir, "notes", empty()))
        .hasMessageContaining("is damaged at byte " + last)
        .hasMessageContaining("are a whole record (the last, acknowledged; its length damaged)");
    assertThat(Files.readAllBytes(file)).isEqualTo(damaged);
  }

  @Test
  void should_cut_a_torn_tail_or_trailing_zeros_and_keep_every_whole_record() throws IOException {
    Path file = written("notes", 5);
    long whole = Files.size(file);
    Files.write(file, new byte[4096], java.nio.file.StandardOpenOption.APPEND); // blocks a crash left zeroed
    try (JournaledMemory memory = JournaledMemory.open(dir, "notes", empty())) {
      assertThat(memory.size()).isEqualTo(5);
    }
    assertThat(Files.size(file)).isEqualTo(whole);
    byte[] torn = java.util.Arrays.copyOf(Files.readAllBytes(file), (int) whole + 30); // a sixth record, cut short
    ByteBuffer.wrap(torn).putInt((int) whole, 200);
    Files.write(file, torn);
    try (JournaledMemory memory = JournaledMemory.open(dir, "notes", empty())) {
      assertThat(memory.size()).isEqualTo(5);
    }
    assertThat(Files.size(file)).isEqualTo(whole);
  }

  @Test
  void should_repair_by_keeping_every_whole_record_and_saying_what_it_dropped() throws IOException {
    Path file = written("notes", 40);
    long record20 = frames(file).get(20);
    byte[] damaged = Files.readAllBytes(file);
    damaged[(int) record20 + 12] ^= 0x40; // inside record 20's payload
    Files.write(file, damaged);
    JournalFile.Repair repair = JournalFile.repair(file);
    assertThat(repair.kept()).isEqualTo(39);
    assertThat(repair.dropped()).singleElement().asString().startsWith("bytes " + record20 + "-")
        .contains("its checksum does not match");
    assertThat(Files.readAllBytes(dir.resolve("notes.journal.damaged"))).as("the file as it was, beside it")
        .isEqualTo(damaged);
    try (JournaledMemory memory = JournaledMemory.open(dir, "notes", empty())) {
      assertThat(memory.items()).extracting(MemoryItem::text).hasSize(39).doesNotContain("note 20 about order-20")
          .contains("note 19 about order-19", "note 21 about order-21");
    }
  }

  @Test
  void should_take_a_failed_append_back_so_that_the_next_start_finds_every_acknowledged_note() throws Exception {
    // a process whose file size is limited: its appends fail part way once the journal reaches the limit
    Process writer = new ProcessBuilder("prlimit", "--fsize=60000", javaBin(), "-cp",
        System.getProperty("java.class.path"), JournalWriter.class.getName(), "write", dir.toString(), "limited", "400")
        .redirectErrorStream(true).start();
    List<String> outcomes;
    try (BufferedReader out = new BufferedReader(new InputStreamReader(writer.getInputStream(),
        StandardCharsets.UTF_8))) {
      outcomes = out.lines().toList();
    }
    assertThat(writer.waitFor(60, TimeUnit.SECONDS)).isTrue();
    List<String> acknowledged = outcomes.stream().filter(l -> l.startsWith("ok ")).map(l -> l.substring(3)).toList();
    assertThat(outcomes).as("the writer's lines").noneMatch(l -> l.contains("Exception in thread"));
    assertThat(outcomes).as("some refused once the file was full").anyMatch(l -> l.startsWith("refused "));
    assertThat(acknowledged).hasSizeBetween(50, 399);
    try (JournaledMemory memory = JournaledMemory.open(dir, "limited", empty())) { // no limit here
      assertThat(memory.items()).extracting(i -> i.text().split(" ")[0]).as("every acknowledged note, no other")
          .containsExactlyElementsOf(acknowledged);
      memory.add("after the disk has room again");
    }
    try (JournaledMemory memory = JournaledMemory.open(dir, "limited", empty())) {
      assertThat(memory.size()).isEqualTo(acknowledged.size() + 1);
    }
  }

  @Test
  void should_refuse_a_second_process_naming_the_holder_and_take_over_a_killed_one_s_lock() throws Exception {
    Process holder = new ProcessBuilder(javaBin(), "-cp", System.getProperty("java.class.path"),
        JournalWriter.class.getName(), "hold", dir.toString(), "notes").start();
    try (BufferedReader out = new BufferedReader(new InputStreamReader(holder.getInputStream(),
        StandardCharsets.UTF_8))) {
      // logback's status lines may come first; a holder that fails exits, which ends the lines
      assertThat(out.lines().filter("holding"::equals).findFirst()).as("the holder's word").hasValue("holding");
      assertThatThrownBy(() -> JournaledMemory.open(dir, "notes", empty()))
          .isInstanceOf(DataDirectory.InUseException.class)
          .hasMessage("the data directory " + dir.toRealPath() + " is in use by process " + holder.pid() + " (it holds "
              + dir.toRealPath().resolve(DataDirectory.LOCK_FILE) + "): stop it, or give this one another directory");
      assertThatThrownBy(() -> JournaledMemory.open(dir, "board", empty())).as("any journal of the directory")
          .isInstanceOf(DataDirectory.InUseException.class);
    } finally {
      holder.destroyForcibly(); // SIGKILL: no chance to let go of the lock itself
      holder.waitFor(30, TimeUnit.SECONDS);
    }
    try (JournaledMemory memory = JournaledMemory.open(dir, "notes", empty());
        JournaledMemory board = JournaledMemory.open(dir, "board", empty())) {
      memory.add("after the holder was killed");
      board.add("one process, two journals");
      assertThat(Files.readString(dir.resolve(DataDirectory.LOCK_FILE)).strip())
          .isEqualTo(String.valueOf(ProcessHandle.current().pid()));
    }
  }

  private static String javaBin() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }
}
