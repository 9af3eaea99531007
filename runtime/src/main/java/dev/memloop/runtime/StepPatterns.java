package dev.memloop.runtime;

import dev.memloop.memory.Embedder;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.patterns.AdaptiveRecall;
import dev.memloop.runtime.patterns.DedupOnWrite;
import dev.memloop.runtime.patterns.DedupingAccess;
import dev.memloop.runtime.patterns.NoveltyCheck;
import dev.memloop.runtime.patterns.PatternSettings;
import dev.memloop.runtime.policy.InLoopMemory;
import dev.memloop.runtime.policy.MemoryAccess;
import dev.memloop.runtime.policy.MemoryPolicy;
import dev.memloop.runtime.policy.PerTurnMemory;
import java.util.function.Supplier;

/**
 * The patterns the step loop runs beside the guard, as configured ({@code memloop.agent.patterns}): the novelty
 * check on each observation (with a memory of observations of its own), the dedup the guard's writes go through,
 * and the adaptive read of a per-turn agent's dump. All are method calls on the agent's thread; none sends a
 * message.
 */
final class StepPatterns {

  private final NoveltyCheck novelty;
  private final DedupOnWrite dedup;

  private StepPatterns(NoveltyCheck novelty, DedupOnWrite dedup) {
    this.novelty = novelty;
    this.dedup = dedup;
  }

  static StepPatterns of(AgentSpec spec, MemoryPolicy policy, Supplier<WorkingMemory> observationMemory) {
    PatternSettings settings = spec.config().patterns();
    NoveltyCheck novelty = settings.novelty().enabled()
        ? new NoveltyCheck(observationMemory.get(), spec.embedder(), settings.novelty().threshold()) : null;
    DedupOnWrite dedup = policy instanceof InLoopMemory inLoop && inLoop.access() instanceof DedupingAccess deduping
        ? deduping.dedup() : null;
    return new StepPatterns(novelty, dedup);
  }

  /** A guard access whose writes merge near-duplicates, when the config asks for it; else {@code access}. */
  static MemoryAccess dedupWrites(AgentConfig config, WorkingMemory memory, Embedder embedder, MemoryAccess access) {
    PatternSettings.Dedup d = config.patterns().dedup();
    return d.enabled() ? new DedupingAccess(access, new DedupOnWrite(memory, embedder, d.threshold(), d.keep())) : access;
  }

  /**
   * How a per-turn agent's turn-start dump reads its memory: with {@code patterns.adaptive-recall} on, an adaptive
   * read of the turn's text (copies dropped, k grown with the memory within its bound), else the k nearest.
   */
  static PerTurnMemory.Read dumpRead(AgentSpec spec, WorkingMemory memory) {
    PatternSettings.Adaptive adaptive = spec.config().patterns().adaptive();
    if (!adaptive.enabled()) {
      return memory::recall;
    }
    AdaptiveRecall read = new AdaptiveRecall(memory, spec.embedder(), adaptive.settings());
    return (query, k) -> read.recall(query);
  }

  /** The novelty mark of an observation (UNCHECKED when the check is off). */
  PatternMarks observe(String observation) {
    if (novelty == null) {
      return PatternMarks.NONE;
    }
    NoveltyCheck.Novelty n = novelty.observe(observation);
    return n.novel() ? new PatternMarks(PatternMarks.Novelty.NOVEL, null, false)
        : new PatternMarks(PatternMarks.Novelty.REPEAT, n.earlier().id(), false);
  }

  /** Writes merged so far; the step loop compares it around a write. */
  long merged() {
    return dedup == null ? 0 : dedup.merged();
  }
}
