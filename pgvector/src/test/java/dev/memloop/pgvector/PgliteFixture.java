package dev.memloop.pgvector;

import java.io.IOException;
import java.time.Duration;
import org.junit.jupiter.api.Assumptions;

/**
 * PGlite for the tests of every module (the pgvector module's test-jar), started through scripts/pglite-server on
 * 127.0.0.1. Under CI=true a server that cannot
 * start fails the test; elsewhere (no npm, no registry) the test is skipped and says why.
 */
public final class PgliteFixture {

  public static final Duration START = Duration.ofMinutes(3);

  private PgliteFixture() {}

  public static PgliteServer start() throws Exception {
    return start(PgliteServer.freePort(), null);
  }

  public static PgliteServer start(int port, java.nio.file.Path dataDir) throws Exception {
    return start(port, dataDir, true);
  }

  static PgliteServer start(int port, java.nio.file.Path dataDir, boolean withVector) throws Exception {
    try {
      return PgliteServer.start(START, port, dataDir, withVector);
    } catch (IOException e) {
      if ("true".equals(System.getenv("CI"))) {
        throw e;
      }
      Assumptions.abort("PGlite could not start here (npm and the npm registry are needed): " + e.getMessage());
      throw e; // not reached
    }
  }
}
