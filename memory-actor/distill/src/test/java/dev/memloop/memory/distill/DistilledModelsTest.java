package dev.memloop.memory.distill;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memloop.memory.embed.StaticEmbedder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The cache: written through a temporary directory, verified by hash, rebuilt when partial or corrupt. */
class DistilledModelsTest {

  @TempDir
  Path root;

  private final TeacherModel teacher = TeacherModel.load(TeacherModel.MINILM);
  private final Distiller.Options options = new Distiller.Options(32, 300, 2);

  @Test
  void should_distill_once_then_load_from_the_cache() {
    AtomicInteger calls = new AtomicInteger();
    Distiller.Progress counting = (done, total) -> calls.incrementAndGet();
    StaticEmbedder first = DistilledModels.loadOrDistill(root, teacher, options, counting);
    int afterFirst = calls.get();
    StaticEmbedder second = DistilledModels.loadOrDistill(root, teacher, options, counting);
    assertThat(afterFirst).isPositive();
    assertThat(calls.get()).as("no second distillation").isEqualTo(afterFirst);
    assertThat(second.embed("the cache")).containsExactly(first.embed("the cache"));
    Path dir = DistilledModels.directoryFor(root, teacher, options);
    assertThat(dir.getFileName().toString()).startsWith(teacher.sha256().substring(0, 16)).endsWith("-pca32-first300");
    assertThat(DistilledModels.valid(dir)).isTrue();
    assertThat(DistilledModels.list(root)).singleElement().satisfies(c -> {
      assertThat(c.valid()).isTrue();
      assertThat(c.tokens()).isEqualTo(300);
      assertThat(c.dimensions()).isEqualTo(32);
    });
  }

  @Test
  void should_rebuild_a_corrupt_or_partial_model() throws IOException {
    DistilledModels.loadOrDistill(root, teacher, options, Distiller.Progress.SILENT);
    Path dir = DistilledModels.directoryFor(root, teacher, options);
    byte[] good = Files.readAllBytes(dir.resolve("model.safetensors"));

    Files.write(dir.resolve("model.safetensors"), java.util.Arrays.copyOf(good, good.length / 2));
    assertThat(DistilledModels.valid(dir)).isFalse();
    DistilledModels.loadOrDistill(root, teacher, options, Distiller.Progress.SILENT);
    assertThat(Files.readAllBytes(dir.resolve("model.safetensors"))).isEqualTo(good);

    Files.delete(dir.resolve(DistilledModels.MANIFEST)); // as if the process died before the rename
    assertThat(DistilledModels.valid(dir)).isFalse();
    DistilledModels.loadOrDistill(root, teacher, options, Distiller.Progress.SILENT);
    assertThat(DistilledModels.valid(dir)).isTrue();
    try (var leftovers = Files.list(root)) {
      assertThat(leftovers).as("no temporary directories left").hasSize(1);
    }
  }

  @Test
  void should_rebuild_a_model_whose_tokenizer_or_config_was_changed() throws IOException {
    StaticEmbedder original = DistilledModels.loadOrDistill(root, teacher, options, Distiller.Progress.SILENT);
    Path dir = DistilledModels.directoryFor(root, teacher, options);
    String tokenizer = Files.readString(dir.resolve("tokenizer.json"));
    // two tokens' ids swapped: still valid JSON, still loadable, a different model under the same label
    com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
    com.fasterxml.jackson.databind.node.ObjectNode tree = (com.fasterxml.jackson.databind.node.ObjectNode)
        json.readTree(tokenizer);
    com.fasterxml.jackson.databind.node.ObjectNode vocab = (com.fasterxml.jackson.databind.node.ObjectNode)
        tree.path("model").path("vocab");
    java.util.Iterator<String> names = vocab.fieldNames();
    String first = names.next();
    String second = names.next();
    int firstId = vocab.get(first).asInt();
    vocab.put(first, vocab.get(second).asInt());
    vocab.put(second, firstId);
    Files.writeString(dir.resolve("tokenizer.json"), json.writeValueAsString(tree));
    assertThat(Files.readString(dir.resolve("tokenizer.json"))).isNotEqualTo(tokenizer);
    assertThat(DistilledModels.valid(dir)).as("a changed tokenizer fails its hash").isFalse();
    StaticEmbedder rebuilt = DistilledModels.loadOrDistill(root, teacher, options, Distiller.Progress.SILENT);
    assertThat(Files.readString(dir.resolve("tokenizer.json"))).isEqualTo(tokenizer);
    assertThat(rebuilt.embed("the cache")).containsExactly(original.embed("the cache"));

    Files.writeString(dir.resolve("config.json"), Files.readString(dir.resolve("config.json")) + " ");
    assertThat(DistilledModels.valid(dir)).as("so does a changed config").isFalse();
  }

  @Test
  void should_remove_a_distillation_abandoned_by_a_killed_process() throws IOException {
    Path dir = DistilledModels.directoryFor(root, teacher, options);
    Path abandoned = Files.createDirectories(root.resolve(dir.getFileName() + ".tmp-12345"));
    Files.write(abandoned.resolve("model.safetensors"), new byte[1024]);
    Files.setLastModifiedTime(abandoned, java.nio.file.attribute.FileTime.fromMillis(
        System.currentTimeMillis() - DistilledModels.ABANDONED.toMillis() - 60_000));
    Path recent = Files.createDirectories(root.resolve(dir.getFileName() + ".tmp-67890"));
    DistilledModels.loadOrDistill(root, teacher, options, Distiller.Progress.SILENT);
    assertThat(abandoned).as("an hour old: its process is gone").doesNotExist();
    assertThat(recent).as("recent: maybe another process distilling now").exists();
  }
}
