package dev.memloop.runtime.reasoner;

import dev.memloop.runtime.Reasoner;
import dev.memloop.runtime.step.Decision;
import dev.memloop.runtime.step.StepContext;
import dev.memloop.runtime.step.WindowMessage;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * A seeded stand-in for an LLM with a bounded window; results it produces are labelled simulated. Its rules:
 * <ul>
 *   <li>it sees only its context window (the agent's, w = 4 exchanges by default) plus what the memory
 *       policy pinned;
 *   <li>it reads each observation's action line with {@code extractor} (for triage: {@code investigate
 *       host=H sig=S} from the alert's prose), as a model would;
 *   <li>it skips a duplicate whose original is visible in the window with probability {@code pWindow}, and
 *       one whose line is in the pinned dump with probability {@code pDump}; it cannot recognize any other
 *       duplicate;
 *   <li>it skips anything it did not recognize with the false-skip rate (0 by default).
 * </ul>
 * It draws three numbers per step whatever happens, so two agents given the same seed and the same windows
 * decide identically whatever their memory policy does: only the guard differs between arms.
 *
 * <p>Not thread-safe: one per agent.
 */
public final class SimulatedModel implements Reasoner {

  /** The model's recognition rates, each in [0, 1]. */
  public record Parameters(double pWindow, double pDump, double falseSkipRate) {
    public Parameters {
      check("pWindow", pWindow);
      check("pDump", pDump);
      check("falseSkipRate", falseSkipRate);
    }

    private static void check(String name, double p) {
      if (!(p >= 0 && p <= 1)) {
        throw new IllegalArgumentException(name + " must be in [0, 1]: " + p);
      }
    }
  }

  /** Observations whose lines the model keeps: a window's (4 exchanges by default) and the step's own, with room. */
  private static final int READ_MEMO = 8;

  private final Parameters parameters;
  private final Function<String, Optional<String>> extractor;
  private final SplittableRandom random;
  // the lines of the last observations read, by the identity of their text: a window shows the same observations
  // step after step, and reading each again on every step was most of a simulated fleet's CPU
  private final String[] readTexts = new String[READ_MEMO];
  private final String[] readLines = new String[READ_MEMO];
  private int nextRead;

  /**
   * @param extractor reads an observation's action line, empty when the text names none (the model then acts
   *     on the text as it stands); a function of the text alone, since the model reads each observation once
   */
  public SimulatedModel(Parameters parameters, Function<String, Optional<String>> extractor, long seed) {
    if (parameters == null || extractor == null) {
      throw new IllegalArgumentException("parameters and extractor are required");
    }
    this.parameters = parameters;
    this.extractor = extractor;
    this.random = new SplittableRandom(seed);
  }

  @Override
  public CompletionStage<Decision> decide(StepContext context) {
    double window = random.nextDouble();
    double dump = random.nextDouble();
    double falseSkip = random.nextDouble();
    String line = read(context.observation().text());
    if (window < parameters.pWindow() && visibleInWindow(context, line)) {
      return CompletableFuture.completedFuture(Decision.skip(line, Decision.Recognition.WINDOW));
    }
    if (dump < parameters.pDump() && context.pinned().contains(line)) {
      return CompletableFuture.completedFuture(Decision.skip(line, Decision.Recognition.PINNED));
    }
    if (falseSkip < parameters.falseSkipRate()) {
      return CompletableFuture.completedFuture(Decision.skip(line, Decision.Recognition.NONE));
    }
    return CompletableFuture.completedFuture(Decision.act(line));
  }

  public Parameters parameters() {
    return parameters;
  }

  private boolean visibleInWindow(StepContext context, String line) {
    for (WindowMessage message : context.window()) {
      if (message.role() == WindowMessage.Role.OBSERVATION && read(message.text()).equals(line)) {
        return true;
      }
    }
    return false;
  }

  /** The action line of {@code text} (the text itself when it names none), read once while it stays in view. */
  private String read(String text) {
    for (int i = 0; i < READ_MEMO; i++) {
      if (readTexts[i] == text) { // identity: the window holds the observation's own text
        return readLines[i];
      }
    }
    String line = extractor.apply(text).orElse(text);
    readTexts[nextRead] = text;
    readLines[nextRead] = line;
    nextRead = (nextRead + 1) % READ_MEMO;
    return line;
  }
}
