package dev.memloop.memory.embed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The writing half of the format: what it writes loads as a model; a ragged table or a reused name is refused. */
class SafetensorsWriterTest {

  @Test
  void should_write_a_table_that_loads_as_a_static_model(@TempDir Path dir) throws Exception {
    float[][] rows = ModelDirectories.rows();
    StaticEmbedder model = StaticEmbedder.load(ModelDirectories.write(dir,
        ModelDirectories.tokenizerJson(ModelDirectories.VOCAB), new SafetensorsWriter().f16("embeddings", rows), true));
    assertThat(model.dimension()).isEqualTo(rows[0].length);
    assertThat(model.embed("hello world")).isNotEqualTo(new float[rows[0].length]);
  }

  @Test
  void should_refuse_a_ragged_table_by_row_and_write_nothing(@TempDir Path dir) {
    float[][] ragged = {{1f, 2f, 3f}, {4f, 5f}};
    SafetensorsWriter writer = new SafetensorsWriter();
    assertThatThrownBy(() -> writer.f32("embeddings", ragged)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("tensor embeddings: row 1 has 2 values where row 0 has 3 (-1: a null row); every row must be as long");
    assertThatThrownBy(() -> writer.f16("embeddings", new float[][] {{1f}, null}))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("row 1 has -1 values");
    assertThat(dir).isEmptyDirectory();
  }

  @Test
  void should_refuse_a_blank_or_reused_tensor_name(@TempDir Path dir) throws Exception {
    SafetensorsWriter writer = new SafetensorsWriter().f32("embeddings", new float[][] {{1f, 2f}});
    assertThatThrownBy(() -> writer.f32("embeddings", new float[] {1f})).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("tensor name must be non-blank and not used before in this file: embeddings");
    assertThatThrownBy(() -> writer.i64(" ", new int[] {1})).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("non-blank");
    writer.write(dir.resolve("model.safetensors"));
    byte[] file = Files.readAllBytes(dir.resolve("model.safetensors"));
    int headerLength = (int) ByteBuffer.wrap(file, 0, 8).order(ByteOrder.LITTLE_ENDIAN).getLong();
    JsonNode header = new ObjectMapper().readTree(new String(file, 8, headerLength, StandardCharsets.UTF_8));
    assertThat(header.fieldNames()).toIterable().as("the refused tensors left no trace").containsExactly("embeddings");
    assertThat(file).hasSize(8 + headerLength + 2 * 4);
  }
}
