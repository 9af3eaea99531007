package dev.memloop.memory.jfr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.embed.HashingEmbedder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A real in-process flight recording of a memory's operations, and none when the event is not enabled. */
class MemoryOperationEventTest {

  @TempDir
  Path dir;

  @Test
  void should_record_each_embedding_and_store_operation_while_enabled() throws Exception {
    List<RecordedEvent> events = record(true, memory -> {
      memory.add("restart the web tier", Map.of());
      memory.add("page the on-call", Map.of());
      memory.recall("restart the web tier", 1);
      memory.match("page the on-call", 0.9);
    });
    Map<String, Long> byOperation = events.stream().collect(Collectors.groupingBy(e -> e.getString("operation"),
        Collectors.counting()));
    assertThat(byOperation).containsEntry("write embed", 2L).containsEntry("write store", 2L)
        .containsEntry("query embed", 2L).containsEntry("query store", 2L);
    assertThat(events).allSatisfy(e -> assertThat(e.getDuration("took").toNanos()).isNotNegative());
    assertThat(events.get(0).getEventType().getCategoryNames()).containsExactly("memloop", "Memory");
  }

  @Test
  void should_record_nothing_while_not_enabled() throws Exception {
    assertThat(record(false, memory -> memory.add("restart the web tier", Map.of()))).isEmpty();
  }

  interface Work {
    void run(WorkingMemory memory);
  }

  private List<RecordedEvent> record(boolean enabled, Work work) throws Exception {
    Path file = dir.resolve("memory-" + enabled + ".jfr");
    try (Recording recording = new Recording(); WorkingMemory memory = WorkingMemory.builder(new HashingEmbedder(64))
        .build()) {
      if (enabled) {
        recording.enable(MemoryOperationEvent.NAME);
      } else {
        recording.disable(MemoryOperationEvent.NAME);
      }
      recording.start();
      work.run(memory);
      recording.stop();
      recording.dump(file);
    }
    assertThat(Files.size(file)).isPositive();
    return RecordingFile.readAllEvents(file).stream()
        .filter(e -> e.getEventType().getName().equals(MemoryOperationEvent.NAME)).toList();
  }
}
