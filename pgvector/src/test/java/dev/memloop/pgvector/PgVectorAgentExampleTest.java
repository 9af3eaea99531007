package dev.memloop.pgvector;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import dev.memloop.runtime.ReadmeExamples;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * memloop-pgvector's README example is this module's PgVectorAgent.java, word for word, and it runs as printed in a
 * JVM of its own against PostgreSQL + pgvector (PGlite on 127.0.0.1): run twice, its memory outlives it.
 */
class PgVectorAgentExampleTest {

  static final String HEADING = "## Example: an agent whose memory is in PostgreSQL";

  @Test
  void should_print_in_the_readme_exactly_the_program_the_suite_compiles() throws IOException {
    assertThat(ReadmeExamples.javaBlock(Path.of("README.md"), HEADING)).isEqualTo(Files.readString(Path.of("src/test/java/PgVectorAgent.java")));
  }

  @Test
  void should_guard_through_the_database_and_find_its_memory_again_when_run_again() throws Exception {
    try (PgliteServer server = PgliteFixture.start()) {
      String first = run(server);
      assertThat(first).contains("turn 0: MISS").contains("turn 1: HIT");
      assertThat(run(server)).as("a second run finds the first run's action").contains("turn 0: HIT");
    }
  }

  private static String run(PgliteServer server) throws Exception {
    // the budget unlimited and a long lookup deadline: a cold JVM's first queries on a loaded machine took over the
    // default 100 ms budget, and the guard's lookups timed out (the example itself reads them from the config)
    return ReadmeExamples.run(ReadmeExamples.testClassPath(), List.of("-Dmemloop.pgvector.url=" + server.jdbcUrl(),
        "-Dmemloop.pgvector.pool-size=" + PgliteServer.POOL_SIZE, "-Dmemloop.agent.budget=unlimited",
        "-Dmemloop.agent.networked.timeout=30s"), Map.of(), "PgVectorAgent");
  }
}
