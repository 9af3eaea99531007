package dev.memloop.bench.benchmarks.pg;

import dev.memloop.memory.timing.Units;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;

/**
 * PGlite (PostgreSQL 18 as WebAssembly, pgvector 0.8.7) started through {@code scripts/pglite-server} on a free
 * port of 127.0.0.1, for as long as this object is open. The script installs the pinned npm packages on first
 * use; this class waits until the server answers a JDBC connection, and stops the whole process tree on close.
 */
public final class PgliteServer implements AutoCloseable {

  private final Process process;
  private final int port;
  private final Path log;

  private PgliteServer(Process process, int port, Path log) {
    this.process = process;
    this.port = port;
    this.log = log;
  }

  /**
   * @throws IOException when the script is missing, or the server exits or does not answer within
   *     {@code timeout}; the message carries the end of the server's log
   */
  public static PgliteServer start(Duration timeout) throws IOException, InterruptedException {
    Path script = script();
    int port = freePort();
    Path log = Files.createTempFile("pglite-server-", ".log");
    Process process = new ProcessBuilder(script.toString(), Integer.toString(port)).redirectErrorStream(true)
        .redirectOutput(log.toFile()).start();
    PgliteServer server = new PgliteServer(process, port, log);
    long deadline = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IOException("pglite-server exited with " + process.exitValue() + ": " + server.logTail());
      }
      try (Connection ignored = server.connect()) {
        return server;
      } catch (SQLException notYet) {
        Thread.sleep(200); // polling a starting server, not timing anything
      }
    }
    server.close();
    throw new IOException("pglite-server did not answer on 127.0.0.1:" + port + " within " + Units.config(timeout) + ": "
        + server.logTail());
  }

  public String jdbcUrl() {
    return "jdbc:postgresql://127.0.0.1:" + port + "/postgres?sslmode=disable&user=postgres&password=postgres";
  }

  public Connection connect() throws SQLException {
    return DriverManager.getConnection(jdbcUrl());
  }

  @Override
  public void close() {
    process.descendants().forEach(ProcessHandle::destroy);
    process.destroy();
    try {
      if (!process.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** {@code scripts/pglite-server}: under {@code memloop.home} when the launcher sets it, else above the working directory. */
  static Path script() throws IOException {
    String home = System.getProperty("memloop.home");
    if (home != null) {
      Path candidate = Path.of(home, "scripts", "pglite-server");
      if (Files.isExecutable(candidate)) {
        return candidate;
      }
    }
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve("scripts").resolve("pglite-server");
      if (Files.isExecutable(candidate)) {
        return candidate;
      }
    }
    throw new IOException("scripts/pglite-server not found (set -Dmemloop.home to the memloop directory)");
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }

  private String logTail() {
    try {
      String text = Files.readString(log);
      return text.length() > 2000 ? text.substring(text.length() - 2000) : text;
    } catch (IOException e) {
      return "(no log: " + e.getMessage() + ")";
    }
  }
}
