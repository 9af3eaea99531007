package dev.memloop.mcp;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;

/** {@code GET /metrics}: the served calls' meters in the Prometheus text format, as the given scrape writes them. */
final class MetricsServlet extends HttpServlet {

  private final transient Supplier<String> scrape;

  MetricsServlet(Supplier<String> scrape) {
    this.scrape = scrape;
  }

  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
    byte[] body = scrape.get().getBytes(StandardCharsets.UTF_8);
    response.setContentType("text/plain; version=0.0.4; charset=utf-8");
    response.setContentLength(body.length);
    response.getOutputStream().write(body);
  }
}
