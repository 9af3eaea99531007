package dev.memloop.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The live page in a real browser: a fleet runs with {@code --serve}, headless Chromium opens its page, and the
 * numbers the page shows move while agents are still running; a screenshot goes into the run's results. The fleet
 * is slowed on purpose (networked lookups behind a 5 ms round trip, 20 agents in flight) so that it runs for several
 * seconds; waits poll with deadlines, nothing is timed.
 */
class LivePageBrowserTest {

  static final Duration PATIENCE = Duration.ofSeconds(90);

  @TempDir
  Path results;

  @Test
  void should_show_the_fleet_moving_while_it_runs() throws Exception {
    int port;
    try (ServerSocket free = new ServerSocket(0)) {
      port = free.getLocalPort();
    }
    try (HeadlessChromium chromium = HeadlessChromium.start()) {
      CompletableFuture<CliRun> fleet = CompletableFuture.supplyAsync(() -> CliRun.of("fleet", "--agents", "2000",
          "--policy", "networked", "--rtt", "5ms", "--in-flight", "20", "--warmup", "0", "--embedder", "hashing",
          "--serve", "127.0.0.1:" + port, "--linger", "3s", "--no-progress", "--out", results.toString()));
      awaitServing(port, fleet);
      try (HeadlessChromium.Page page = chromium.open("http://127.0.0.1:" + port + "/")) {
        long first = awaitNumber(page, "steps-total", 1, fleet);
        String aliveFirst = page.evaluate("document.getElementById('agents-alive').textContent");
        long later = awaitNumber(page, "steps-total", first + 1, fleet);
        String aliveLater = page.evaluate("document.getElementById('agents-alive').textContent");
        assertThat(later).as("the steps shown grew").isGreaterThan(first);
        assertThat(number(aliveLater)).as("seen while agents were still running: " + aliveFirst + ", " + aliveLater)
            .isPositive();
        assertThat(page.evaluate("document.getElementById('title').textContent"))
            .isEqualTo("memloop fleet: 2,000 agents, simulated model nano-sim");
        assertThat(page.evaluate("document.querySelectorAll('#groups tr').length")).isEqualTo("1");
        assertThat(page.evaluate("document.querySelectorAll('canvas').length")).as("the two charts drew")
            .isEqualTo("2");
        assertThat(page.evaluate("document.getElementById('groups').textContent")).contains("networked");
        Path screenshot = runDirectory().resolve("live-page.png");
        page.screenshot(screenshot);
        assertThat(Files.size(screenshot)).isGreaterThan(10_000);
      }
      String metrics = java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(
          java.net.URI.create("http://127.0.0.1:" + port + "/metrics")).timeout(Duration.ofSeconds(10)).build(),
          java.net.http.HttpResponse.BodyHandlers.ofString()).body();
      assertThat(metrics).as("served, the mailboxes count what waits in them")
          .containsPattern("(?m)^memloop_mailbox_backlog [0-9.E+-]+$");
      CliRun run = fleet.get(5, TimeUnit.MINUTES);
      assertThat(run.exitCode()).as(run.err()).isZero();
      assertThat(run.out()).contains("serving http://127.0.0.1:" + port + "/").contains("(--linger)");
    }
  }

  /** Until the fleet's server accepts a connection (or the fleet ended without serving). */
  private static void awaitServing(int port, CompletableFuture<CliRun> fleet) {
    await("the fleet serving on 127.0.0.1:" + port).atMost(PATIENCE).pollInterval(Duration.ofMillis(50))
        .ignoreExceptionsInstanceOf(java.io.IOException.class)
        .failFast("the fleet ended before serving", fleet::isDone)
        .until(() -> {
          new java.net.Socket("127.0.0.1", port).close();
          return true;
        });
  }

  /** Polls the page until element {@code id} shows a number of at least {@code atLeast}; returns it. */
  private static long awaitNumber(HeadlessChromium.Page page, String id, long atLeast, CompletableFuture<CliRun> fleet) {
    return await("#" + id + " showing " + atLeast).atMost(PATIENCE).pollInterval(Duration.ofMillis(100))
        .failFast("the fleet ended first", fleet::isDone)
        .until(() -> number(page.evaluate("document.getElementById('" + id + "').textContent")), n -> n >= atLeast);
  }

  private static long number(String text) {
    String digits = text == null ? "" : text.replace(",", "").trim();
    return digits.matches("\\d+") ? Long.parseLong(digits) : -1;
  }

  private Path runDirectory() throws Exception {
    try (Stream<Path> runs = Files.list(results)) {
      return runs.filter(p -> p.getFileName().toString().startsWith("fleet-")).findFirst().orElseThrow();
    }
  }
}
