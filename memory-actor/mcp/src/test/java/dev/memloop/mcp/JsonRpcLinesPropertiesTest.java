package dev.memloop.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * What a hostile peer may send a server, line by line: whatever the line, the reader answers it with one JSON-RPC
 * error object (valid JSON, {@code "jsonrpc":"2.0"}, an id that is the request's or null, a code from the
 * specification) or passes it on whole; it never throws, which is how the SDK's own reader went deaf (issue 41).
 */
class JsonRpcLinesPropertiesTest {

  static final ObjectMapper JSON = new ObjectMapper();

  @Property(tries = 500)
  void every_line_is_answered_with_a_json_rpc_error_or_passed_on_whole(@ForAll("lines") String line)
      throws Exception {
    JsonRpcLines.Read read = JsonRpcLines.read(line);
    if (!read.refused()) {
      assertThat(read.message() == null || read.message().equals(line)).as(line).isTrue();
      return;
    }
    JsonNode error = JSON.readTree(read.refusal());
    assertThat(error.get("jsonrpc").asText()).isEqualTo("2.0");
    assertThat(error.has("id")).isTrue();
    assertThat(error.get("id").isNull() || error.get("id").isTextual() || error.get("id").isIntegralNumber()).isTrue();
    assertThat(error.get("error").get("code").asInt()).isIn(JsonRpcLines.PARSE_ERROR, JsonRpcLines.INVALID_REQUEST,
        JsonRpcLines.INVALID_PARAMS);
    assertThat(error.get("error").get("message").asText()).isNotBlank();
  }

  /** JSON-RPC-shaped objects with every field's kind varied, and plain noise. */
  @Provide
  Arbitrary<String> lines() {
    Arbitrary<String> value = Arbitraries.of("1", "-7", "1.5", "\"x\"", "null", "true", "{}", "[]", "{\"a\":1}",
        "[1,2]", "\"\"", "\"2.0\"", "\"tools/list\"");
    Arbitrary<String> field = Combinators.combine(Arbitraries.of("jsonrpc", "id", "method", "params", "result",
        "error"), value).as((k, v) -> "\"" + k + "\":" + v);
    Arbitrary<String> object = field.list().ofMaxSize(6).map(fields -> "{" + String.join(",", fields) + "}");
    Arbitrary<String> noise = Arbitraries.strings().ofMaxLength(40);
    return Arbitraries.oneOf(object, object, noise, Arbitraries.of("", "[", "{", "null", "[{}]", "\"jsonrpc\""));
  }
}
