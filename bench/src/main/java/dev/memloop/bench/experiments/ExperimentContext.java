package dev.memloop.bench.experiments;

import dev.memloop.memory.Embedder;
import dev.memloop.memory.timing.Units;
import dev.memloop.runtime.config.EmbedderChoice;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Consumer;
import org.apache.pekko.actor.typed.ActorSystem;

/**
 * What every experiment runs with: the actor system for agents, the first seed, whether to run the quick size
 * (fewer repeats, same design), the directory charts go into, where progress lines go, and the cost of a
 * network embedding to price the network stacks with (the paper's 202 ms unless a measured one is given), and
 * a JDBC URL of the user's own PostgreSQL + pgvector (null: start PGlite), and the real model for LLM arms
 * (null: those arms are skipped, and the reports say so).
 */
public record ExperimentContext(ActorSystem<?> system, long seed, boolean quick, Path directory,
    Consumer<String> progress, String embedderName, Duration networkEmbed, String networkEmbedSource, String pgUrl, LlmRun llm) {

  public ExperimentContext {
    if (networkEmbed == null || networkEmbed.isNegative() || networkEmbed.isZero()) {
      throw new IllegalArgumentException("network embed cost must be > 0: " + Units.config(networkEmbed));
    }
  }

  /** The paper's size, or the quick one. */
  public int size(int full, int quick) {
    return this.quick ? quick : full;
  }

  /** The local embedder every experiment uses (the distilled static model unless told otherwise). */
  public Embedder embedder() {
    return embedderChoice().embedder();
  }

  /** The local embedder as a config names it. */
  public EmbedderChoice embedderChoice() {
    return EmbedderChoice.parse(embedderName);
  }

  public void progress(String line) {
    progress.accept(line);
  }
}
