package dev.memloop.memory.embed;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import org.junit.jupiter.api.Test;

/** Where the default model comes from when the bundled table is absent: nowhere, and the error says what to add. */
class DefaultModelResolutionTest {

  @Test
  void should_name_the_artifact_to_add_and_the_distiller_when_the_table_is_not_there() throws IOException {
    try (URLClassLoader nothing = new URLClassLoader(new URL[0], null)) {
      assertThatThrownBy(() -> DefaultModel.load(nothing)).isInstanceOf(MissingModelException.class)
          .hasMessageContaining("no default embedder model on the class path: add dev.memloop:memloop-default-embedder")
          .hasMessageContaining("dev.memloop:memloop-embedder-distill");
    }
  }
}
