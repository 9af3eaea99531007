package dev.memloop.agents.triage;

/**
 * How one agent did on one alert workload, graded from what it executed (paper §5.1). An execution is
 * redundant when the same host and signature had already been executed. The model's recognitions (its own
 * skips of true duplicates) are counted apart from the guard's blocks; a guard block of an incident never
 * executed before is {@code guardBlockedNew}, counted against the guard.
 *
 * @param guardPrecision caught / blocks, NaN when the guard blocked nothing
 * @param guardRecall caught / (caught + missed) over the lookups that ran, NaN when none met a duplicate
 */
public record TriageScore(String agentId, long seed, int alerts, int duplicates, int executed, int redundant,
    int modelRecognized, int falseSkips, int lookups, int unaffordable, int timedOut, int guardBlocks,
    int guardCaught, int guardBlockedNew, int guardMissed, double guardPrecision, double guardRecall,
    boolean aborted) {}
