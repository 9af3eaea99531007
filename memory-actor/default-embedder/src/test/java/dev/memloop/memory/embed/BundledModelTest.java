package dev.memloop.memory.embed;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The table this module ships is the teacher's, distilled deterministically: distilled again here on one thread (the
 * build used every core), every file is the same to the byte; and it loads as the default embedder.
 */
class BundledModelTest {

  @Test
  void should_ship_the_bytes_any_distillation_of_the_teacher_makes(@TempDir Path again) throws Exception {
    Path classes = Path.of("target", "classes");
    String name = Files.readString(classes.resolve(DefaultModel.INDEX), StandardCharsets.UTF_8).strip();
    Path bundled = classes.resolve(DefaultModel.RESOURCE_ROOT).resolve(name);
    TeacherModel teacher = TeacherModel.load(TeacherModel.MINILM);
    assertThat(name).isEqualTo(DistilledModels.directoryName(teacher.sha256(), Distiller.Options.DEFAULT));
    Distiller.distill(teacher, new Distiller.Options(256, 0, 1), again, Distiller.Progress.SILENT);
    for (String file : DistilledModels.FILES) {
      assertThat(Files.mismatch(bundled.resolve(file), again.resolve(file))).as(file).isEqualTo(-1L);
    }
  }

  @Test
  void should_load_from_the_class_path_as_the_default_embedder(@TempDir Path emptyCache) {
    StaticEmbedder embedder = DefaultModel.load(getClass().getClassLoader(), emptyCache);
    assertThat(embedder.dimension()).isEqualTo(256);
    assertThat(embedder.name()).endsWith("-pca256-256");
    assertThat(emptyCache).isEmptyDirectory();
  }
}
