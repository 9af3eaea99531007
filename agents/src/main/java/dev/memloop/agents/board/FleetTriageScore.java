package dev.memloop.agents.board;

/**
 * A fleet's triage on a shared blackboard, graded from what the whole fleet executed. An execution is
 * redundant when its incident had already been executed; {@code ownRedundant} repeats the same agent's work,
 * {@code crossRedundant} another agent's ({@code redundant} is their sum). A guard block is correct when the
 * line it matched names the same incident; otherwise it blocked new work.
 */
public record FleetTriageScore(String group, int agents, int alerts, int ownDuplicates, int crossDuplicates,
    long executions, long redundant, long ownRedundant, long crossRedundant, long modelRecognized, long lookups,
    long unaffordable, long timedOut, long blocks, long correctBlocks, long blockedNew) {}
