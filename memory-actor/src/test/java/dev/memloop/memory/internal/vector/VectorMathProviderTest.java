package dev.memloop.memory.internal.vector;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class VectorMathProviderTest {

  @Test
  void should_honour_a_forced_scalar_choice() {
    assertThat(VectorMathProvider.select("scalar", true).name()).isEqualTo("scalar");
    assertThat(VectorMathProvider.select(" SCALAR ", false).name()).isEqualTo("scalar");
  }

  @Test
  void should_fall_back_to_scalar_when_the_module_is_absent() {
    assertThat(VectorMathProvider.select("", false).name()).isEqualTo("scalar");
  }

  @Test
  void should_refuse_forced_panama_without_the_module() {
    assertThatThrownBy(() -> VectorMathProvider.select("panama", false))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("--add-modules jdk.incubator.vector");
  }

  @Test
  void should_name_an_unknown_choice() {
    assertThatThrownBy(() -> VectorMathProvider.select("avx9000", true))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("memloop.vector.impl")
        .hasMessageContaining("'avx9000'");
  }

  @Test
  void should_run_panama_in_the_build() {
    org.junit.jupiter.api.Assumptions.assumeTrue(System.getProperty(VectorMathProvider.PROPERTY) == null);
    // The build and the launcher pass --add-modules jdk.incubator.vector; if that breaks, kernels go scalar.
    assertThat(VectorMath.implementationName()).isEqualTo("panama");
  }

  @Test
  void should_name_both_lengths_when_dimensions_differ() {
    assertThatThrownBy(() -> VectorMath.dot(new float[3], new float[4]))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("vector dimensions differ: 3 != 4");
  }
}
