package dev.memloop.bench.benchmarks.board;

import dev.memloop.agents.board.BoardFleet;
import dev.memloop.agents.board.FleetTriageScore;
import dev.memloop.runtime.fleet.GroupSummary;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * One rung of the fleet ladder over its seeds, per agent so that fleets of any size read like the paper's
 * single agent (redundant of about 12 duplicates each): mean and range of redundant executions, their own and
 * cross-agent parts, lookups afforded, and the lookup p50 actually achieved (the injected delay included).
 */
public record LadderCell(String rung, double rttMillis, boolean reference, int seeds, int agents,
    double duplicatesPerAgent, double redundantMean, double redundantMin, double redundantMax, double ownMean,
    double crossMean, double lookupsMean, double lookupP50Micros, long blockedNew, List<FleetTriageScore> scores) {

  static LadderCell of(BoardLadder.Rung rung, List<BoardFleet.Outcome> runs) {
    List<FleetTriageScore> scores = runs.stream().map(BoardFleet.Outcome::score).toList();
    int agents = scores.get(0).agents();
    ToDoubleFunction<FleetTriageScore> redundant = s -> (double) s.redundant() / s.agents();
    return new LadderCell(rung.name(), rung.rttMillis(), rung.reference(), runs.size(), agents,
        mean(scores, s -> (double) (s.ownDuplicates() + s.crossDuplicates()) / s.agents()),
        mean(scores, redundant), scores.stream().mapToDouble(redundant).min().orElse(Double.NaN),
        scores.stream().mapToDouble(redundant).max().orElse(Double.NaN),
        mean(scores, s -> (double) s.ownRedundant() / s.agents()), mean(scores, s -> (double) s.crossRedundant() / s.agents()),
        mean(scores, s -> (double) s.lookups() / s.agents()),
        runs.stream().map(o -> o.fleet().groups().get(0)).mapToLong(GroupSummary::lookupP50).sorted()
            .skip(runs.size() / 2).findFirst().orElse(0) / 1e3,
        scores.stream().mapToLong(FleetTriageScore::blockedNew).sum(), scores);
  }

  private static double mean(List<FleetTriageScore> scores, ToDoubleFunction<FleetTriageScore> f) {
    return scores.stream().mapToDouble(f).average().orElse(Double.NaN);
  }
}
