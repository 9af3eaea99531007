package dev.memloop.memory.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SearchBuffersTest {

  @Test
  void should_refuse_results_that_do_not_exist() {
    SearchBuffers buffers = new SearchBuffers();
    assertThat(buffers.count()).isZero();
    assertThatThrownBy(() -> buffers.ordinal(0)).isInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("result 0 of 0");
    assertThatThrownBy(() -> buffers.score(-1)).isInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("result -1 of 0");
  }

  @Test
  void should_back_off_from_a_compressed_pass_that_keeps_failing() {
    SearchBuffers buffers = new SearchBuffers();
    assertThat(buffers.compressedPassWorthTrying()).isTrue();
    buffers.compressedPassFailed(); // skip the next 2
    assertThat(buffers.compressedPassWorthTrying()).isFalse();
    assertThat(buffers.compressedPassWorthTrying()).isFalse();
    assertThat(buffers.compressedPassWorthTrying()).isTrue();
    buffers.compressedPassFailed(); // skip the next 4
    int skipped = 0;
    while (!buffers.compressedPassWorthTrying()) {
      skipped++;
    }
    assertThat(skipped).isEqualTo(4);
    buffers.compressedPassWorked();
    buffers.compressedPassFailed(); // back to 2
    assertThat(buffers.compressedPassWorthTrying()).isFalse();
    assertThat(buffers.compressedPassWorthTrying()).isFalse();
    assertThat(buffers.compressedPassWorthTrying()).isTrue();
  }
}
