package dev.memloop.runtime.llm.mcp;

/**
 * An MCP server's tool could not be used: the server did not start, refused, died, hung past its timeout, answered
 * garbage, or the tool answered an error. The message names the server (and the tool, for a call); in a tool loop
 * it is what the model is told, and the step records it as a failed tool call.
 */
public final class McpToolException extends RuntimeException {

  McpToolException(String message, Throwable cause) {
    super(message, cause);
  }
}
