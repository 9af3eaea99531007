package dev.memloop.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * What a line a client sent over stdio is, by JSON-RPC 2.0's rules, before the MCP session sees it: a request, a
 * notification or a response, or a refusal to answer at once. A line that is not JSON is a parse error
 * ({@code -32700}); one that is not an object, lacks {@code "jsonrpc": "2.0"}, has an id that is neither a string nor
 * a whole number (an object, {@code null}), or is neither a call nor an answer is an invalid request ({@code -32600});
 * a call whose params are not an object (MCP's are named) is invalid params ({@code -32602}). A refusal names what is
 * wrong and carries the line's id when it had a usable one, else null. Stateless.
 */
final class JsonRpcLines {

  static final int PARSE_ERROR = -32700;
  static final int INVALID_REQUEST = -32600;
  static final int INVALID_PARAMS = -32602;

  private static final ObjectMapper JSON = new ObjectMapper();

  private JsonRpcLines() {}

  /**
   * A line, read: the answer to send at once ({@code refusal}), or the message with the request's id if it is one and
   * its parsed object ({@code node}, for a caller that looks inside without parsing it again).
   */
  record Read(String refusal, String message, Object requestId, JsonNode node) {
    boolean refused() {
      return refusal != null;
    }
  }

  static Read read(String line) {
    JsonNode node;
    try {
      node = JSON.readTree(line);
    } catch (java.io.IOException notJson) {
      return refused(null, PARSE_ERROR, "Parse error: a message is one JSON object on one line");
    }
    if (node == null || !node.isObject()) {
      return refused(null, INVALID_REQUEST, "Invalid Request: a message is a JSON object");
    }
    JsonNode id = node.get("id");
    boolean usableId = id != null && (id.isTextual() || id.isIntegralNumber());
    Object echoed = usableId ? (id.isTextual() ? id.asText() : id.numberValue()) : null;
    JsonNode version = node.get("jsonrpc");
    if (version == null || !version.isTextual() || !version.asText().equals("2.0")) {
      return refused(echoed, INVALID_REQUEST, "Invalid Request: \"jsonrpc\" must be \"2.0\"" + (version == null ? ""
          : ", not " + version));
    }
    if (id != null && !usableId) {
      return refused(null, INVALID_REQUEST, "Invalid Request: an id is a string or a whole number, not " + id);
    }
    JsonNode method = node.get("method");
    if (method != null) {
      if (!method.isTextual() || method.asText().isEmpty()) {
        return refused(echoed, INVALID_REQUEST, "Invalid Request: \"method\" must be a name, not " + method);
      }
      JsonNode params = node.get("params");
      if (params != null && !params.isNull() && !params.isObject()) {
        return id == null ? new Read(null, null, null, node) // a notification is never answered, a wrong one neither
            : refused(echoed, INVALID_PARAMS, "Invalid params: MCP's params are an object, not " + params);
      }
      return new Read(null, line, echoed, node); // a request (with an id) or a notification
    }
    if (id != null && (node.has("result") || node.has("error"))) {
      return new Read(null, line, null, node); // a client's answer to the server's own request
    }
    return refused(echoed, INVALID_REQUEST, "Invalid Request: neither a call (\"method\") nor an answer "
        + "(\"result\" or \"error\")");
  }

  private static Read refused(Object id, int code, String message) {
    ObjectNode error = JSON.createObjectNode();
    error.put("jsonrpc", "2.0");
    if (id == null) {
      error.putNull("id");
    } else if (id instanceof String s) {
      error.put("id", s);
    } else {
      error.put("id", ((Number) id).longValue());
    }
    error.putObject("error").put("code", code).put("message", message);
    return new Read(error.toString(), null, null, null);
  }
}
