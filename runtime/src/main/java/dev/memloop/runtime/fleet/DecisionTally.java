package dev.memloop.runtime.fleet;

import dev.memloop.runtime.step.ActionStatus;
import dev.memloop.runtime.step.Decision;
import dev.memloop.runtime.step.StepRecord;
import dev.memloop.runtime.step.ToolCall;
import dev.memloop.runtime.step.ToolOutcome;
import java.util.EnumMap;
import java.util.Map;

/** Counts what a group's steps decided and what became of it, by name. Not thread-safe: fed by the fleet's stream. */
final class DecisionTally {

  private long acted;
  private long executed;
  private long skipped;
  private long skippedFromMemory;
  private long replied;
  private long blockedByGuard;
  private long actionsFailed;
  private final Map<ToolOutcome, Long> toolCalls = new EnumMap<>(ToolOutcome.class);
  private final Map<String, Map<ToolOutcome, Long>> toolCallsByTool = new java.util.TreeMap<>();

  void add(StepRecord step) {
    Decision decision = step.decision();
    switch (decision.kind()) {
      case ACT -> acted++;
      case REPLY -> replied++;
      case SKIP -> {
        skipped++;
        if (decision.recognition() == Decision.Recognition.MEMORY) {
          skippedFromMemory++;
        }
      }
    }
    if (step.guard().blocks()) {
      blockedByGuard++;
    }
    if (step.executed()) {
      executed++;
    }
    if (step.action().status() == ActionStatus.FAILED || step.action().status() == ActionStatus.TIMED_OUT) {
      actionsFailed++;
    }
    for (ToolCall call : decision.toolCalls()) {
      toolCalls.merge(call.outcome(), 1L, Long::sum);
      toolCallsByTool.computeIfAbsent(ToolCall.countedAs(call.name(), toolCallsByTool),
          t -> new EnumMap<>(ToolOutcome.class)).merge(call.outcome(), 1L, Long::sum);
    }
  }

  long executed() {
    return executed;
  }

  long actionsFailed() {
    return actionsFailed;
  }

  GroupSummary.Decisions counts() {
    return new GroupSummary.Decisions(acted, executed, blockedByGuard, actionsFailed, skipped, skippedFromMemory,
        replied, toolCalls, toolCallsByTool);
  }
}
