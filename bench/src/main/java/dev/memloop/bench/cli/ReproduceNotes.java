package dev.memloop.bench.cli;

/** What the reproduction report says first: where it differs from the paper, and why. */
final class ReproduceNotes {

  static final String MARKDOWN = """
      Where this run differs from the paper, and why: models are simulated offline (seeded presets standing in \
      for gpt-5-nano and gpt-5-mini; the real-model arms need a configured LLM); the local embedder is the static \
      model distilled here from MiniLM, not potion-retrieval-32M (no model hub is reachable); the network embedder's \
      cost is the paper's 202 ms unless one is measured; the machine is a shared 2-core VM, not an Apple M4. Table 3's \
      networked store is PostgreSQL + pgvector (PGlite, WebAssembly, unless --pg-url names a native server), not \
      Qdrant; \
      Table 1's tokens are estimated for the simulated model. Every \
      percentile uses the nearest-rank convention. Numbers that differ from the paper are reported as they are.

      """;

  private ReproduceNotes() {}
}
