package dev.memloop.bench.benchmarks.pg;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memloop.memory.Recall;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.pgvector.PgliteFixture;
import dev.memloop.pgvector.PgliteServer;
import java.sql.Connection;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A real PostgreSQL + pgvector (PGlite, started and stopped here through scripts/pglite-server on 127.0.0.1):
 * the same top-8 as the in-process exact search. Under CI=true a server that cannot start fails the test;
 * elsewhere the test is skipped and says why.
 */
class PgVectorRecallTest {

  static PgliteServer server;

  @BeforeAll
  static void start() throws Exception {
    server = PgliteFixture.start();
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void should_answer_the_same_top_eight_as_the_in_process_exact_search() throws Exception {
    SplittableRandom random = new SplittableRandom(11);
    float[][] vectors = new float[300][];
    try (WorkingMemory memory = WorkingMemory.builder(32).build()) {
      for (int i = 0; i < vectors.length; i++) {
        vectors[i] = gaussian(random);
        memory.addVector("item-" + i, vectors[i], "item " + i, Map.of());
      }
      try (Connection connection = server.connect(); PgVectorRecall pg = PgVectorRecall.create(connection, vectors)) {
        assertThat(pg.server()).contains("PostgreSQL").contains("pgvector 0.8");
        for (int q = 0; q < 20; q++) {
          float[] query = gaussian(random);
          List<Long> fromPostgres = pg.recall(query, 8);
          List<Long> inProcess = memory.recallVector(query, 8).stream().map(Recall::id)
              .map(id -> Long.parseLong(id.substring("item-".length()))).toList();
          assertThat(fromPostgres).as("query " + q).containsExactlyElementsOf(inProcess);
        }
      }
    }
  }

  private static float[] gaussian(SplittableRandom random) {
    float[] v = new float[32];
    for (int i = 0; i < v.length; i++) {
      v[i] = (float) random.nextGaussian();
    }
    return v;
  }
}
