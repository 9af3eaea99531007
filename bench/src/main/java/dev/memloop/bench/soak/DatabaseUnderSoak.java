package dev.memloop.bench.soak;

import dev.memloop.pgvector.PgliteServer;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The PostgreSQL + pgvector the soak's pgvector agents keep their memory in, when it is PGlite started for the soak:
 * on a fixed port of 127.0.0.1 with its database in a directory, so that it can be killed with SIGKILL and started
 * again on its data, as a crashed database server comes back. Not thread-safe: the fault schedule's one thread
 * kills and restarts; {@link #close} runs after it has stopped.
 */
final class DatabaseUnderSoak implements AutoCloseable {

  private static final Duration START = Duration.ofMinutes(3);

  private final int port;
  private final Path dataDir;
  private PgliteServer server;

  private DatabaseUnderSoak(int port, Path dataDir, PgliteServer server) {
    this.port = port;
    this.dataDir = dataDir;
    this.server = server;
  }

  static DatabaseUnderSoak start(Path dataDir) throws IOException, InterruptedException {
    int port = PgliteServer.freePort();
    return new DatabaseUnderSoak(port, dataDir, PgliteServer.start(START, port, dataDir));
  }

  String jdbcUrl() {
    return server.jdbcUrl();
  }

  /** SIGKILL, {@code outage} without a server, then the server started again on the same port and data. */
  void crashAndRestart(Duration outage) throws IOException, InterruptedException {
    server.kill();
    server.close(); // already dead: deletes its log
    Thread.sleep(outage.toMillis()); // the outage itself, on the fault schedule's own thread
    server = PgliteServer.start(START, port, dataDir);
  }

  @Override
  public void close() {
    server.close();
  }
}
