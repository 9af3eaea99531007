package dev.memloop.memory.embed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where the default model comes from when the bundled table is absent: the cache, else a named error. */
class DefaultModelResolutionTest {

  @Test
  void should_name_the_artifact_to_add_when_neither_the_table_nor_the_teacher_is_there(@TempDir Path cache) {
    try (URLClassLoader nothing = new URLClassLoader(new URL[0], null)) {
      assertThatThrownBy(() -> DefaultModel.load(nothing, cache)).isInstanceOf(MissingModelException.class)
          .hasMessageContaining("no default embedder model on the class path: add dev.memloop:memloop-default-embedder");
    } catch (java.io.IOException e) {
      throw new AssertionError(e);
    }
    assertThat(cache).isEmptyDirectory();
  }

  @Test
  void should_find_a_table_distilled_into_the_cache_without_loading_the_teacher_again(@TempDir Path cache)
      throws Exception {
    TeacherModel teacher = TeacherModel.load(TeacherModel.MINILM);
    Path target = cache.resolve(DistilledModels.directoryName(teacher.sha256(), Distiller.Options.DEFAULT));
    // a small stand-in where the default table goes: the cache is keyed by the teacher's hash, and a valid model
    // there is used as it is (200 tokens distill in a second)
    DistilledModels.distillInto(target, teacher, new Distiller.Options(256, 200, 2), Distiller.Progress.SILENT);
    assertThat(DistilledModels.valid(target)).isTrue();
    StaticEmbedder found = DefaultModel.load(getClass().getClassLoader(), cache);
    assertThat(found.tokenizer().vocabularySize()).isEqualTo(200);
    try (var entries = Files.list(cache)) {
      assertThat(entries.count()).as("nothing distilled beside it").isEqualTo(1);
    }
  }
}
