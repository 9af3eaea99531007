package dev.memloop.memory.embed;

import static org.assertj.core.api.Assertions.assertThat;

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
}
