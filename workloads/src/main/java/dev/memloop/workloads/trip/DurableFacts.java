package dev.memloop.workloads.trip;

import dev.memloop.workloads.Shuffle;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Durable trip facts in any number, each in five wordings, for read-policy studies beyond the catalog's eight
 * constraints: a fact is a detail of the trip and the value the user requires ("the rental car must be a Volvo"),
 * worded by five templates, and graded by its value's keyword. Values are distinct words across the pool, so a
 * keyword found in an answer names exactly one fact. The first {@link #CALIBRATION} facts of the pool are held
 * out for calibrating thresholds and never drawn for a study.
 */
public final class DurableFacts {

  /** Facts held out for calibration. */
  public static final int CALIBRATION = 8;

  private static final String[][] POOL = {
      {"rental car", "a Volvo", "volvo"}, {"hotel chain", "Novotel", "novotel"},
      {"departure airport", "Schiphol", "schiphol"}, {"room view", "an ocean view", "ocean"},
      {"breakfast", "gluten-free", "gluten"}, {"train class", "first class", "first class"},
      {"museum pass", "the Louvre pass", "louvre"}, {"arrival day", "a Friday", "friday"},
      {"budget", "under 2000 euros", "2000"}, {"meals", "vegetarian", "vegetarian"},
      {"flight time", "daytime, never a red-eye", "red-eye"}, {"hotel", "pet-friendly", "pet"},
      {"seat", "an aisle seat", "aisle"}, {"location", "walking distance of the old town", "old town"},
      {"room", "equipped with reliable wifi", "wifi"}, {"return date", "no later than June 14", "june 14"},
      {"bed", "a king-size bed", "king-size"}, {"floor", "below the fourth floor", "fourth floor"},
      {"airline", "KLM", "klm"}, {"luggage", "two checked bags", "checked bags"},
      {"insurance", "covering cancellation", "cancellation"}, {"tour guide", "Spanish-speaking", "spanish"},
      {"transfer", "a private taxi", "taxi"}, {"check-in", "after 3 pm", "3 pm"},
      {"gym", "open around the clock", "clock"}, {"pool", "heated", "heated"},
      {"parking", "free of charge", "free of charge"}, {"payment", "by Mastercard", "mastercard"},
      {"crib", "ready for the baby", "baby"}, {"noise", "a quiet courtyard room", "courtyard"},
      {"dinner", "booked at eight", "eight"}, {"wine tour", "in Bordeaux", "bordeaux"},
      {"bike rental", "electric", "electric"}, {"concert", "the jazz festival", "jazz"},
      {"spa", "with a sauna", "sauna"}, {"ferry", "the morning crossing", "ferry"},
      {"souvenirs", "local ceramics", "ceramics"}, {"phone plan", "an eSIM", "esim"},
      {"currency", "paid in Swiss francs", "francs"}, {"photography", "a drone permit", "drone"},
      {"lunch", "a picnic by the lake", "picnic"}, {"shoes", "hiking boots", "boots"},
      {"laundry", "same-day service", "same-day"}, {"kids club", "for ages 4 to 10", "ages 4"}};

  private static final String[] WORDINGS = {
      "The %s must be %s.", "Make sure the %s is %s.", "Required for the %s: %s.",
      "I need the %s to be %s, please.", "Remember, the %s has to be %s."};

  /** Wordings per fact. */
  public static final int WORDINGS_PER_FACT = WORDINGS.length;

  /** Facts a study may draw. */
  public static final int AVAILABLE = POOL.length - CALIBRATION;

  private DurableFacts() {}

  /** {@code count} distinct study facts in a seeded order; the same seed gives the same facts. */
  public static List<TripConstraint> draw(int count, long seed) {
    if (count <= 0 || count > AVAILABLE) {
      throw new IllegalArgumentException("facts must be in [1, " + AVAILABLE + "]: " + count);
    }
    List<TripConstraint> study = new ArrayList<>();
    for (int i = CALIBRATION; i < POOL.length; i++) {
      study.add(fact(i));
    }
    Shuffle.shuffle(study, new SplittableRandom(seed));
    return List.copyOf(study.subList(0, count));
  }

  /** The held-out facts. */
  public static List<TripConstraint> calibration() {
    List<TripConstraint> held = new ArrayList<>();
    for (int i = 0; i < CALIBRATION; i++) {
      held.add(fact(i));
    }
    return held;
  }

  private static TripConstraint fact(int i) {
    String[] f = POOL[i];
    List<String> rewordings = new ArrayList<>();
    for (int w = 1; w < WORDINGS.length; w++) {
      rewordings.add(String.format(Locale.ROOT, WORDINGS[w], f[0], f[1]));
    }
    return new TripConstraint(f[0].replace(' ', '-'), String.format(Locale.ROOT, WORDINGS[0], f[0], f[1]), rewordings,
        List.of(f[2]));
  }
}
