package dev.memloop.memory.embed;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memloop.memory.distill.DistilledModels;
import dev.memloop.memory.distill.Distiller;
import dev.memloop.memory.distill.TeacherModel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The table this module ships is the teacher's, distilled deterministically: distilled again here on one thread (the
 * build used every core), every file is the same to the byte; and it loads as the default embedder.
 */
class BundledModelTest {

  @Test
  void should_ship_the_bytes_any_distillation_of_the_teacher_makes(@TempDir Path again) throws Exception {
    Path index = Path.of("target", "classes").resolve(Embedders.DEFAULT_MODEL_INDEX);
    String name = Files.readString(index, StandardCharsets.UTF_8).strip();
    Path bundled = index.resolveSibling(name);
    TeacherModel teacher = TeacherModel.load(TeacherModel.MINILM);
    assertThat(name).isEqualTo(
        DistilledModels.directoryFor(again, teacher, Distiller.Options.DEFAULT).getFileName().toString());
    Distiller.distill(teacher, new Distiller.Options(256, 0, 1), again, Distiller.Progress.SILENT);
    List<Path> files;
    try (Stream<Path> listed = Files.list(bundled)) {
      files = listed.map(Path::getFileName).sorted().toList();
    }
    assertThat(files).extracting(Path::toString).containsExactly("config.json", "model.safetensors", "tokenizer.json");
    for (Path file : files) {
      assertThat(Files.mismatch(bundled.resolve(file), again.resolve(file))).as(file.toString()).isEqualTo(-1L);
    }
  }

  @Test
  void should_load_from_the_class_path_as_the_default_embedder() {
    StaticEmbedder embedder = DefaultModel.load(getClass().getClassLoader());
    assertThat(embedder.dimension()).isEqualTo(256);
    assertThat(embedder.name()).endsWith("-pca256-256");
  }
}
