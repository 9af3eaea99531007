package dev.memloop.bench.cli;

import dev.memloop.bench.benchmarks.conversation.ReadPolicies;
import dev.memloop.bench.report.Charts;
import dev.memloop.bench.report.Figure;
import dev.memloop.cli.command.CommandRun;
import dev.memloop.cli.report.TextTable;
import dev.memloop.memory.timing.Units;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The read policies' table and figure, as `bench locomo` and `bench longmemeval` print and draw them. */
final class ReadPolicyReport {

  /**
   * The read policies' rungs and how they were priced, as the JSON report holds them.
   *
   * @param perStepGain per embedder, what the per-step reads find over one read, both with no budget
   */
  record Records(long budgetNanos, int padOps, List<Long> rttNanos, String rule, List<Gain> perStepGain,
      List<ReadPolicies.PolicyResult> results) {}

  /** The per-step policy against one read, with no budget, at k: hit@k and tokens of recalled context each. */
  record Gain(String embedder, int k, double single, double perStep, double gain, double singleTokens,
      double perStepTokens) {}

  private ReadPolicyReport() {}

  /** @param k the k of the per-step gain */
  static Records records(Duration budget, List<Long> rttNanos, List<ReadPolicies.PolicyResult> policies, int k) {
    List<Gain> gains = new ArrayList<>();
    for (String embedder : policies.stream().map(ReadPolicies.PolicyResult::embedder).distinct().toList()) {
      ReadPolicies.PolicyResult single = unbounded(policies, embedder, "single");
      ReadPolicies.PolicyResult perStep = unbounded(policies, embedder, "per-step");
      double one = single.hitAt().get(k);
      double steps = perStep.hitAt().get(k);
      gains.add(new Gain(embedder, k, one, steps, steps - one, single.tokensPerQuestion(),
          perStep.tokensPerQuestion()));
    }
    return new Records(budget.toNanos(), ReadPolicies.PAD_OPS, rttNanos, "a read runs if the budget left covers its "
        + "round trip plus " + ReadPolicies.PAD_OPS + " measured reads plus 1 ms; it is charged its own work plus the "
        + "round trip (charged, not slept)", List.copyOf(gains), policies);
  }

  private static ReadPolicies.PolicyResult unbounded(List<ReadPolicies.PolicyResult> policies, String embedder,
      String policy) {
    return policies.stream().filter(p -> !p.budgeted() && p.embedder().equals(embedder) && p.policy().equals(policy))
        .findFirst().orElseThrow();
  }

  /** One line per embedder: the per-step reads' gain over one read. */
  static String gains(Records records, String hit) {
    StringBuilder out = new StringBuilder();
    for (Gain g : records.perStepGain()) {
      out.append(String.format(Locale.ROOT, "per-step over one read (%s, no budget): %s%d %.3f against %.3f (%+.3f), "
          + "%.0f tokens a question against %.0f%n", g.embedder(), hit, g.k(), g.perStep(), g.single(), g.gain(),
          g.perStepTokens(), g.singleTokens()));
    }
    return out.toString();
  }

  /** The report's section: the rule, the table and the figure. */
  static String markdown(Duration budget, Records records, TextTable table, Figure figure) {
    return "\n## Read policies\n\nA budget of " + Units.config(budget) + " per question; " + records.rule() + ".\n\n"
        + table.markdown() + "\n" + records.perStepGain().stream().map(g -> String.format(Locale.ROOT, "Per-step over "
        + "one read (%s, no budget): %+.3f at k = %d, %.0f tokens a question against %.0f.", g.embedder(), g.gain(),
        g.k(), g.perStepTokens(), g.singleTokens())).collect(java.util.stream.Collectors.joining("\n\n", "\n", "\n"))
        + "\n![" + figure.caption() + "](" + figure.png() + ")\n\n" + figure.caption() + "\n";
  }

  /** The line before the table. */
  static String heading(Duration budget) {
    return "Read policies: with no budget (every read made), then within " + Units.config(budget) + " per question "
        + "at each round trip (charged, not slept); tokens of recalled context estimated at "
        + ReadPolicies.CHARS_PER_TOKEN + " characters a token:";
  }

  /** @param hit the column name before each k ({@code hit@}, {@code session hit@}) */
  static TextTable table(List<ReadPolicies.PolicyResult> policies, List<Integer> ks, String hit) {
    List<String> header = new ArrayList<>(List.of("embedder", "policy", "rtt"));
    ks.forEach(k -> header.add(hit + k));
    header.addAll(List.of("MRR", "reads/question", "unread", "memory p50 ms", "memory p99 ms", "tokens/question"));
    TextTable table = new TextTable(header.toArray(String[]::new));
    for (ReadPolicies.PolicyResult p : policies) {
      List<Object> row = new ArrayList<>(List.of(p.embedder(), p.policy(), !p.budgeted() ? "no budget"
          : p.rttNanos() == 0 ? "in process" : Units.config(Duration.ofNanos(p.rttNanos()))));
      ks.forEach(k -> row.add(String.format(Locale.ROOT, "%.3f", p.hitAt().get(k))));
      row.add(String.format(Locale.ROOT, "%.3f", p.mrr()));
      row.add(String.format(Locale.ROOT, "%.2f", p.readsPerQuestion()));
      row.add(p.questionsUnread());
      row.add(String.format(Locale.ROOT, "%.3f", p.memoryP50Nanos() / 1e6));
      row.add(String.format(Locale.ROOT, "%.3f", p.memoryP99Nanos() / 1e6));
      row.add(String.format(Locale.ROOT, "%.0f", p.tokensPerQuestion()));
      table.row(row.toArray());
    }
    return table;
  }

  /**
   * {@code hit}k against the round trip, one line per policy (the first embedder's, within the budget), in process at
   * its measured cost per read: the paper's Figure 6 for a benchmark's questions.
   */
  static Figure figure(List<ReadPolicies.PolicyResult> policies, int k, Duration budget, String benchmark, String hit,
      String questions, CommandRun run) throws Exception {
    String first = policies.get(0).embedder();
    Charts chart = Charts.line(benchmark + ": " + hit + k + " against the store's round trip",
        "round trip per read (ms, log)", hit + k).logX().dodge().yRange(0, 1)
        .caption(hit + k + " of " + questions + " by read policy (" + first + " embedder) against the round trip each "
            + "read pays, within " + Units.config(budget) + " of memory time per question; in process at its "
            + "measured cost per read. Round trips are charged, not slept.");
    for (String policy : ReadPolicies.POLICIES) {
      List<ReadPolicies.PolicyResult> line = policies.stream().filter(p -> p.embedder().equals(first)
          && p.policy().equals(policy) && p.budgeted()).toList();
      // a rung at its round trip; in process at its measured cost per read, so that a log axis can show it
      double[] x = line.stream().mapToDouble(p -> (p.rttNanos() > 0 ? p.rttNanos()
          : Math.max(1_000, p.memoryP50Nanos() / Math.max(1, p.readsPerQuestion()))) / 1e6).toArray();
      double[] y = line.stream().mapToDouble(p -> p.hitAt().get(k)).toArray();
      chart.series(policy, x, y);
    }
    return chart.write(run.directory(), "read-policies.png");
  }
}
