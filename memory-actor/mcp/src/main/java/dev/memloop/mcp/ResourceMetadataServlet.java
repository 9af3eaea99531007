package dev.memloop.mcp;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * {@code GET /.well-known/oauth-protected-resource[/mcp]}: the server's protected resource metadata (RFC 9728), which
 * a 401 points MCP clients to so that they find the authorization server. Public, as the RFC means it to be.
 */
final class ResourceMetadataServlet extends HttpServlet {

  private static final long serialVersionUID = 1L;

  private final String metadata;

  ResourceMetadataServlet(String metadata) {
    this.metadata = metadata;
  }

  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
    byte[] body = metadata.getBytes(StandardCharsets.UTF_8);
    response.setContentType("application/json");
    response.setHeader("Access-Control-Allow-Origin", "*"); // browser clients read it before they hold any token
    response.setContentLength(body.length);
    response.getOutputStream().write(body);
  }
}
