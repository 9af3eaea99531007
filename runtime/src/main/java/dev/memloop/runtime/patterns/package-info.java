/**
 * Memory patterns as one call each, on an agent's own memory (a direct method call: no message, no extra hop on
 * the per-step path): {@link dev.memloop.runtime.LoopGuard} (have I already done this?),
 * {@link dev.memloop.runtime.patterns.NoveltyCheck} (have I seen this?),
 * {@link dev.memloop.runtime.patterns.GroundingCheck} (is this claim supported?),
 * {@link dev.memloop.runtime.patterns.DedupOnWrite} (one item per fact, however often it is re-saved),
 * {@link dev.memloop.runtime.patterns.AdaptiveRecall} (a read that near-duplicates cannot crowd) and
 * {@link dev.memloop.runtime.patterns.FollowUpRecall} (reads that follow what the last one found, one a step, on a
 * step's memory too). Each keeps counters (a follow-up reading, its reads);
 * {@link dev.memloop.runtime.patterns.PatternSettings} reads their HOCON settings ({@code memloop.agent.patterns}).
 * Not thread-safe: each instance belongs to one agent.
 */
package dev.memloop.runtime.patterns;
