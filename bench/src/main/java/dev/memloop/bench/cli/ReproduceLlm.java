package dev.memloop.bench.cli;

import dev.memloop.cli.command.CliConfig;
import dev.memloop.bench.experiments.Experiment;
import dev.memloop.bench.experiments.LlmRun;
import dev.memloop.bench.experiments.ReadPolicyGap;
import dev.memloop.bench.experiments.TriageDoseResponse;
import dev.memloop.bench.experiments.TripRecall;
import dev.memloop.runtime.llm.LlmSettings;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The real-model side of {@code memloop reproduce}: which model, what it will cost, and whether that is allowed. */
final class ReproduceLlm {

  private ReproduceLlm() {}

  /** The run's model, or null when none was asked for or none is configured (the arms are then skipped). */
  static LlmRun resolve(String llm, String model, String baseUrl, boolean rubric) {
    if (llm.equals("none")) {
      if (model != null || baseUrl != null || rubric) { // a flag that would do nothing is a mistake to say so
        throw new IllegalArgumentException((model != null ? "--model " + model : baseUrl != null ? "--llm-base-url"
            : "--rubric") + " needs --llm openai (without it the real-model arms are skipped)");
      }
      return null;
    }
    Map<String, String> environment = new HashMap<>(System.getenv());
    if (baseUrl != null) {
      environment.put("OPENAI_BASE_URL", baseUrl);
    }
    LlmSettings settings = LlmSettings.from(CliConfig.load(null), environment);
    if (model != null) {
      settings = settings.withModel(model);
    }
    return settings.configured() ? LlmRun.of(settings, rubric) : null;
  }

  static List<LlmRun.Estimate> estimates(LlmRun llm, List<Experiment> experiments) {
    List<LlmRun.Estimate> out = new ArrayList<>();
    if (llm == null) {
      return out;
    }
    for (Experiment e : experiments) {
      if (e.id().equals("table1")) {
        out.add(TripRecall.estimate(llm.rubric()));
      } else if (e.id().equals("table4")) {
        out.add(TriageDoseResponse.estimate(llm.settings().maxRetries()));
      } else if (e.id().equals("gap")) {
        out.add(ReadPolicyGap.estimate());
      }
    }
    return out;
  }

  /** Prints the estimate; true when it fits the budget or the user said yes. */
  static boolean affordable(List<LlmRun.Estimate> estimates, long budget, boolean yes, PrintWriter err) {
    long tokens = 0;
    for (LlmRun.Estimate e : estimates) {
      err.printf(Locale.ROOT, "%s: %,d model calls (at most %,d), about %,d tokens%n", e.experiment(), e.calls(),
          e.maxCalls(), e.tokens());
      tokens += e.tokens();
    }
    err.flush();
    return tokens <= budget || yes;
  }
}
