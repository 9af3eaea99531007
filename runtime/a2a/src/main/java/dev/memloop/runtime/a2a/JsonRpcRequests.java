package dev.memloop.runtime.a2a;

import com.fasterxml.jackson.databind.JsonNode;
import dev.memloop.auth.Principal;
import io.a2a.server.ServerCallContext;
import io.a2a.server.auth.UnauthenticatedUser;
import io.a2a.spec.CancelTaskRequest;
import io.a2a.spec.GetTaskRequest;
import io.a2a.spec.InvalidRequestError;
import io.a2a.spec.JSONParseError;
import io.a2a.spec.JSONRPCError;
import io.a2a.spec.JSONRPCErrorResponse;
import io.a2a.spec.MethodNotFoundError;
import io.a2a.spec.NonStreamingJSONRPCRequest;
import io.a2a.spec.SendMessageRequest;
import io.a2a.spec.SendMessageResponse;
import io.a2a.spec.Task;
import io.a2a.spec.TaskNotFoundError;
import io.a2a.spec.UnsupportedOperationError;
import io.a2a.transport.jsonrpc.handler.JSONRPCHandler;
import io.a2a.util.Utils;
import java.io.IOException;
import java.util.Map;
import java.util.Set;

/**
 * One A2A JSON-RPC request body to its answer: read with the SDK's own request types and handed to its handler, or
 * answered with the JSON-RPC error that names what was wrong (not JSON, no method, an unknown method, a streaming
 * method this server does not offer). Stateless.
 */
final class JsonRpcRequests {

  private static final Set<String> KNOWN = Set.of("message/send", "tasks/get", "tasks/cancel",
      "tasks/pushNotificationConfig/set", "tasks/pushNotificationConfig/get", "tasks/pushNotificationConfig/list",
      "tasks/pushNotificationConfig/delete", "agent/getAuthenticatedExtendedCard");

  private JsonRpcRequests() {}

  /** A request body, read once: its JSON, or (not JSON) the parse error to answer. */
  record Parsed(JsonNode tree, JSONRPCErrorResponse notJson) {

    /** The scope it needs: a message runs a turn, which writes the agent's memory; the rest read. */
    String scope() {
      return tree != null && tree.path("method").asText().equals("message/send") ? Principal.WRITE : Principal.READ;
    }
  }

  static Parsed parse(byte[] body) {
    try {
      return new Parsed(Utils.OBJECT_MAPPER.readTree(body), null);
    } catch (IOException notJson) {
      return new Parsed(null, new JSONRPCErrorResponse(new JSONParseError("the request is not JSON: "
          + firstLine(notJson))));
    }
  }

  /** The JSON-RPC answer to one request body from an unauthenticated caller. */
  static Object answer(byte[] body, JSONRPCHandler rpc) {
    return answer(parse(body), rpc, null, null);
  }

  /**
   * The JSON-RPC answer to one request body: the handler's, or an error naming what was wrong.
   *
   * @param principal who the bearer token stands for, or null without authentication
   * @param owners who sent each task's message, with authentication (else null): a task is answered to its owner
   *     alone, and to anyone else it does not exist
   */
  static Object answer(Parsed body, JSONRPCHandler rpc, String principal, Map<String, String> owners) {
    if (body.notJson() != null) {
      return body.notJson();
    }
    JsonNode tree = body.tree();
    Object id = tree == null || !tree.has("id") ? null : tree.get("id").isNumber() ? tree.get("id").numberValue()
        : tree.get("id").asText();
    String method = tree == null || !tree.hasNonNull("method") ? null : tree.get("method").asText();
    if (method == null) {
      return new JSONRPCErrorResponse(id, new InvalidRequestError("a JSON-RPC request needs a method"));
    }
    if (method.equals("message/stream") || method.equals("tasks/resubscribe")) {
      return new JSONRPCErrorResponse(id, new UnsupportedOperationError(null, "this agent does not stream ("
          + method + "): use message/send", null));
    }
    NonStreamingJSONRPCRequest<?> request;
    try {
      request = Utils.OBJECT_MAPPER.treeToValue(tree, NonStreamingJSONRPCRequest.class);
    } catch (IOException | RuntimeException unreadable) {
      JSONRPCError error = unreadable.getCause() instanceof JSONRPCError known ? known
          : known(method) ? new InvalidRequestError("the " + method + " request cannot be read: "
              + firstLine(unreadable)) : new MethodNotFoundError();
      return new JSONRPCErrorResponse(id, error);
    }
    ServerCallContext context = new ServerCallContext(principal == null ? UnauthenticatedUser.INSTANCE
        : new AuthenticatedUser(principal), Map.of(), Set.of());
    if (owners != null && !ownedBy(tree, method, principal, owners)) {
      return new JSONRPCErrorResponse(id, new TaskNotFoundError());
    }
    if (request instanceof SendMessageRequest send) {
      SendMessageResponse sent = rpc.onMessageSend(send, context);
      if (owners != null && sent.getResult() instanceof Task task) {
        owners.putIfAbsent(task.getId(), principal);
      }
      return sent;
    }
    if (request instanceof GetTaskRequest get) {
      return rpc.onGetTask(get, context);
    }
    if (request instanceof CancelTaskRequest cancel) {
      return rpc.onCancelTask(cancel, context);
    }
    return new JSONRPCErrorResponse(id, new UnsupportedOperationError(null, "this agent does not offer " + method,
        null));
  }

  /** Whether the task a request names (tasks/get, tasks/cancel, a message continuing one) is none or the caller's. */
  private static boolean ownedBy(JsonNode tree, String method, String principal, Map<String, String> owners) {
    JsonNode params = tree.path("params");
    String taskId = method.equals("message/send") ? params.path("message").path("taskId").asText(null)
        : params.path("id").asText(null);
    String owner = taskId == null ? null : owners.get(taskId);
    return owner == null || owner.equals(principal);
  }

  private static boolean known(String method) {
    return KNOWN.contains(method);
  }

  private static String firstLine(Throwable failure) {
    String message = String.valueOf(failure.getMessage());
    int newline = message.indexOf('\n');
    return newline < 0 ? message : message.substring(0, newline);
  }

}
