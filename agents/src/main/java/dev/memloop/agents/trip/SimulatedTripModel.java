package dev.memloop.agents.trip;

import dev.memloop.workloads.trip.TripConstraint;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A seeded stand-in for the paper's models with their observed habits, so that Table 1 runs offline: it
 * answers from what its window shows; in the notes condition it restates every requirement it can see in every
 * reply; in the memory condition it saves each requirement when stated, re-saves known ones in fresh wordings
 * with probability {@code resave} per later turn (up to five copies of one), saves small talk as incidental
 * details with probability {@code incidental}, and before the final answer reads once through recall.
 * It recognizes requirements by their wording ("must", "need"), never by the conversation's ground truth; only
 * the fresh wordings come from the catalog, as a model's paraphrases would.
 */
public final class SimulatedTripModel {

  /** The habits: re-save and incidental-save rates, each in [0, 1]. */
  public record Habits(String name, double resave, double incidental) {

    /** What the habits were fitted to, for every table that shows them. */
    public static final String FITTED = "save and re-save habits fitted to the paper's Table 1";

    /** Fitted loosely to the paper's memory column: gpt-5-nano 4.8, gpt-5-mini 3.6 of 5. */
    public static final Habits NANO_SIM = new Habits("nano-sim", 0.1, 0.3);
    public static final Habits MINI_SIM = new Habits("mini-sim", 0.6, 0.8);

    public Habits {
      if (!(resave >= 0 && resave <= 1) || !(incidental >= 0 && incidental <= 1)) {
        throw new IllegalArgumentException("habit rates must be in [0, 1]: " + resave + ", " + incidental);
      }
    }
  }

  static final int MAX_COPIES = 5;
  static final String INCIDENTAL = "User mentioned: ";
  public static final String RECALL_QUERY = "trip constraints and requirements the user gave";

  private final Habits habits;
  private final List<TripConstraint> paraphrases;
  private final SplittableRandom random;
  private final Map<String, Integer> copies = new LinkedHashMap<>(); // saved requirement -> copies so far

  /** @param paraphrases the constraints whose fresh wordings the model may re-save in */
  public SimulatedTripModel(Habits habits, List<TripConstraint> paraphrases, long seed) {
    this.habits = habits;
    this.paraphrases = List.copyOf(paraphrases);
    this.random = new SplittableRandom(seed);
  }

  /**
   * The reply to {@code userMessage}: on the last turn every requirement it can see in the window or in
   * {@code notes} (its own notes, in whatever wording it saved them; incidental ones left out), before it what the
   * condition has it say.
   */
  public String answer(TripCondition condition, List<String> window, String userMessage, List<String> notes,
      boolean lastTurn) {
    List<String> visible = new ArrayList<>(window);
    visible.add(userMessage);
    List<String> known = Sentences.requirements(visible);
    for (String note : notes) {
      if (!note.startsWith(INCIDENTAL) && !known.contains(note)) {
        known.add(note);
      }
    }
    if (lastTurn) {
      return known.isEmpty() ? "I don't see any constraints in our conversation." : "Your constraints: "
          + String.join(" ", known);
    }
    return condition == TripCondition.NOTES && !known.isEmpty() ? "Noted. Constraints so far: " + String.join(" ", known)
        : "Noted.";
  }

  /** What its habits save on hearing {@code userMessage}, in order: fresh wordings of known requirements first. */
  public List<String> saves(String userMessage) {
    List<String> out = new ArrayList<>();
    for (String saved : List.copyOf(copies.keySet())) { // habit: re-save what it knows in fresh words
      if (copies.get(saved) < MAX_COPIES && random.nextDouble() < habits.resave()) {
        String wording = paraphrase(saved, copies.get(saved) - 1);
        if (wording != null) {
          out.add(wording);
          copies.merge(saved, 1, Integer::sum);
        }
      }
    }
    for (String sentence : Sentences.of(userMessage)) {
      if (Sentences.isRequirement(sentence)) {
        out.add(sentence);
        copies.put(sentence, 1);
      } else if (sentence.length() > 20 && random.nextDouble() < habits.incidental()) {
        out.add(INCIDENTAL + sentence); // habit: incidental details stored too
      }
    }
    return out;
  }

  private String paraphrase(String statement, int index) {
    for (TripConstraint c : paraphrases) {
      if (c.statement().equals(statement)) {
        return index < c.rewordings().size() ? c.rewordings().get(index) : null;
      }
    }
    return null;
  }
}
