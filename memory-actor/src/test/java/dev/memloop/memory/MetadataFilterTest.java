package dev.memloop.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class MetadataFilterTest {

  @Test
  void should_combine_conditions() {
    Map<String, Object> web03 = Map.of("host", "web-03", "severity", 3);
    MetadataFilter host = MetadataFilter.eq("host", "web-03");
    assertThat(host.test(web03)).isTrue();
    assertThat(MetadataFilter.eq("severity", 3L).test(web03)).as("types are not coerced").isFalse();
    assertThat(host.and(MetadataFilter.has("severity")).test(web03)).isTrue();
    assertThat(host.negate().or(MetadataFilter.has("missing")).test(web03)).isFalse();
    assertThat(host.test(Map.of())).isFalse();
  }

  @Test
  void should_name_bad_arguments() {
    assertThatThrownBy(() -> MetadataFilter.eq(null, 1)).hasMessage("filter key must not be null or blank: null");
    assertThatThrownBy(() -> MetadataFilter.has(" ")).hasMessage("filter key must not be null or blank: ' '");
    assertThatThrownBy(() -> MetadataFilter.eq("host", null)).hasMessage("filter value for key 'host' must not be null");
    assertThatThrownBy(() -> MetadataFilter.has("a").and(null)).hasMessage("the other filter must not be null");
    assertThatThrownBy(() -> MetadataFilter.has("a").or(null)).hasMessage("the other filter must not be null");
  }
}
