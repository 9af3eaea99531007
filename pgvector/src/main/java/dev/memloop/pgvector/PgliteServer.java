package dev.memloop.pgvector;

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
 * In memory by default; {@link #start(Duration, int, Path)} keeps the database in a directory, so that a server
 * killed and started again on the same port and directory comes back with its rows (the fault tests do).
 */
public final class PgliteServer implements AutoCloseable {

  /** Connections a pool on PGlite should hold: one (see {@link #jdbcUrl}). */
  public static final int POOL_SIZE = 1;

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
    return start(timeout, freePort(), null);
  }

  /**
   * A server on {@code port} of 127.0.0.1 whose database lives in {@code dataDir} (null: in memory).
   *
   * @throws IOException as {@link #start(Duration)}
   */
  public static PgliteServer start(Duration timeout, int port, Path dataDir) throws IOException, InterruptedException {
    return start(timeout, port, dataDir, true);
  }

  /** As {@link #start(Duration, int, Path)}, without the vector extension when {@code withVector} is false. */
  static PgliteServer start(Duration timeout, int port, Path dataDir, boolean withVector)
      throws IOException, InterruptedException {
    Path script = script();
    Path log = Files.createTempFile("pglite-server-", ".log");
    java.util.List<String> command = new java.util.ArrayList<>(java.util.List.of(script.toString(),
        Integer.toString(port)));
    if (dataDir != null) {
      command.add(dataDir.toAbsolutePath().toString());
    }
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
    if (!withVector) {
      builder.environment().put("MEMLOOP_PGLITE_VECTOR", "0");
    }
    Process process = builder.start();
    PgliteServer server = new PgliteServer(process, port, log);
    long deadline = System.nanoTime() + timeout.toNanos();
    String lastRefusal = "none";
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        String tail = server.logTail();
        server.close();
        throw new IOException("pglite-server exited with " + process.exitValue() + ": " + tail);
      }
      try (Connection ignored = server.connect()) {
        return server;
      } catch (SQLException notYet) {
        lastRefusal = notYet.getMessage();
        Thread.sleep(200); // polling a starting server, not timing anything
      }
    }
    String tail = server.logTail(); // before close, which deletes the log
    server.close();
    throw new IOException("pglite-server did not answer on 127.0.0.1:" + port + " within " + Units.config(timeout)
        + " (last refusal: " + lastRefusal + "): " + tail);
  }

  public int port() {
    return port;
  }

  /**
   * The server's URL. PGlite serves every client connection in its one PostgreSQL session, so named prepared
   * statements of two connections collide ({@code prepared statement "S_1" already exists}): the URL turns them off
   * ({@code prepareThreshold=0}), and a pool on it should hold one connection ({@link #POOL_SIZE}), since the
   * transactions of two connections would interleave in that one session.
   */
  public String jdbcUrl() {
    return "jdbc:postgresql://127.0.0.1:" + port + "/postgres?sslmode=disable&prepareThreshold=0&user=postgres"
        + "&password=postgres";
  }

  public Connection connect() throws SQLException {
    return DriverManager.getConnection(jdbcUrl());
  }

  /** Kills the server and its children at once (SIGKILL), as a crash would: nothing is flushed or said. */
  public void kill() throws InterruptedException {
    process.descendants().forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly();
    process.waitFor(10, java.util.concurrent.TimeUnit.SECONDS);
  }

  public boolean isAlive() {
    return process.isAlive();
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
    try {
      Files.deleteIfExists(log); // one log per server in the temporary directory: not left to pile up
    } catch (IOException ignored) {
      // a log that cannot be deleted is left behind; nothing depends on it
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

  /** A port of 127.0.0.1 free when asked (for a server started again on the port of one that was killed). */
  public static int freePort() throws IOException {
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
