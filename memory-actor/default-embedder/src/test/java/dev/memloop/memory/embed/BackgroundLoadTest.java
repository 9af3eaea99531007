package dev.memloop.memory.embed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memloop.memory.Embedder;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * {@link Embedders#defaultLocalInBackground()}: the name and dimension its header announces are the loaded table's,
 * its embeddings are the table's, and a load that failed fails each embedding with the load's own error.
 */
class BackgroundLoadTest {

  @Test
  void should_announce_the_table_s_name_and_dimension_from_its_header_and_embed_as_the_table() {
    DefaultModel.Shape shape = DefaultModel.shape(BackgroundLoadTest.class.getClassLoader());
    StaticEmbedder table = Embedders.defaultLocal();
    assertThat(shape.name()).isEqualTo(table.name());
    assertThat(shape.dimension()).isEqualTo(table.dimension());
    Embedder background = new BackgroundEmbedder(shape.name(), shape.dimension(),
        CompletableFuture.supplyAsync(Embedders::defaultLocal));
    assertThat(background.embed("the vault opens at nine")).containsExactly(table.embed("the vault opens at nine"));
    assertThat(Embedders.defaultLocalInBackground()).as("once loaded, the table itself").isSameAs(table);
  }

  @Test
  void should_fail_each_embedding_with_the_load_s_own_error() {
    Embedder failed = new BackgroundEmbedder("static-x-256", 256,
        CompletableFuture.failedFuture(new MissingModelException("no default embedder model on the class path")));
    assertThat(failed.dimension()).isEqualTo(256);
    assertThatThrownBy(() -> failed.embed("anything")).isInstanceOf(MissingModelException.class)
        .hasMessageContaining("no default embedder model");
  }
}
