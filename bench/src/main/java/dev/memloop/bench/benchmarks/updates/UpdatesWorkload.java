package dev.memloop.bench.benchmarks.updates;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * A seeded workload of knowledge updates: subjects (homes, jobs, prices, owners, statuses, preferences) whose values
 * change over time, each update worded differently from the last, distractor notes that name the same people and
 * things without stating the value, and questions about each subject's current value and its value as of a past
 * date. Written for {@code memloop bench updates}; nothing in it is drawn from a check's examples.
 */
public final class UpdatesWorkload {

  /** The first version's valid-from; later versions follow 30 to 120 days apart. */
  static final Instant START = Instant.parse("2024-01-01T00:00:00Z");

  /** One value of a subject and its wording. */
  public record Version(int subject, int index, String text, Instant validFrom) {}

  /** A subject: what it is about (as a writer would name it), its question and its versions, oldest first. */
  public record Subject(int id, String subject, String question, List<Version> versions) {}

  /** A note that names a subject's person or thing but states none of its values. */
  public record Distractor(String text, Instant recordedAt) {}

  /**
   * A question: the subject's, asked of what is current ({@code asOf} null, the answer its last version) or of what
   * was true at {@code asOf} (the answer the version valid then).
   */
  public record Question(int subject, String text, Instant asOf, Version answer) {}

  /** One write in the order the memory sees them: a version, or a distractor. */
  public record Write(Version version, Distractor distractor) {
    Instant at() {
      return version != null ? version.validFrom() : distractor.recordedAt();
    }

    String text() {
      return version != null ? version.text() : distractor.text();
    }
  }

  private final List<Subject> subjects;
  private final List<Write> writes;
  private final List<Question> current;
  private final List<Question> past;

  private UpdatesWorkload(List<Subject> subjects, List<Write> writes, List<Question> current, List<Question> past) {
    this.subjects = subjects;
    this.writes = writes;
    this.current = current;
    this.past = past;
  }

  public List<Subject> subjects() {
    return subjects;
  }

  /** Every write, in record order. */
  public List<Write> writes() {
    return writes;
  }

  /** One question per subject about its current value. */
  public List<Question> currentQuestions() {
    return current;
  }

  /** One question per subject about the value of an earlier version, asked as of a date inside its interval. */
  public List<Question> pastQuestions() {
    return past;
  }

  /** The time after the last write: when the questions are asked. */
  public Instant end() {
    return writes.get(writes.size() - 1).at().plus(Duration.ofDays(1));
  }

  private static final String[] FIRST = {"Maria", "Jonas", "Aiko", "Tomasz", "Leila", "Oskar", "Priya", "Mateo",
      "Sofia", "Kwame", "Ingrid", "Rafael", "Mei", "Dmitri", "Amara", "Lukas", "Noor", "Elena", "Hugo", "Zara",
      "Felix", "Anika", "Yusuf", "Clara", "Ravi", "Lena", "Omar", "Greta", "Tariq", "Vera"};
  private static final String[] LAST = {"Santos", "Berg", "Tanaka", "Nowak", "Haddad", "Lind", "Raman", "Ortiz",
      "Rossi", "Mensah", "Dahl", "Costa", "Chen", "Volkov", "Okafor", "Weber", "Aziz", "Petrova", "Moreau", "Khan",
      "Fischer", "Kowalski", "Demir", "Novak", "Iyer", "Schulz", "Farouk", "Holm", "Bakr", "Marin"};
  private static final String[] CITIES = {"Lisbon", "Berlin", "Osaka", "Krakow", "Beirut", "Oslo", "Chennai",
      "Bogota", "Turin", "Accra", "Bergen", "Porto", "Shanghai", "Kazan", "Lagos", "Munich", "Cairo", "Sofia",
      "Lyon", "Karachi", "Hamburg", "Gdansk", "Izmir", "Brno", "Pune", "Leipzig", "Tunis", "Malmo", "Dubai",
      "Valencia"};
  private static final String[] EMPLOYERS = {"a bakery", "the city library", "a shipping firm", "a hospital",
      "a bank", "a game studio", "a law office", "the university", "a car maker", "a newspaper", "an airline",
      "a solar startup", "a museum", "a school", "a brewery", "an insurer", "a hotel chain", "a pharmacy"};
  private static final String[] ITEMS = {"kettle", "desk lamp", "bicycle", "backpack", "headphones", "coffee grinder",
      "office chair", "rain jacket", "tent", "blender", "monitor", "keyboard", "stroller", "camera", "toaster"};
  private static final String[] MAKERS = {"Arden", "Bolt", "Cirro", "Delta", "Ember", "Fjord", "Gala", "Helix",
      "Iris", "Juno", "Kite", "Lumen", "Mako", "Nova", "Orbit"};
  private static final String[] COLOURS = {"red", "blue", "green", "grey", "white", "black", "silver", "yellow"};
  private static final String[] ASSETS = {"van", "boat", "trailer", "forklift", "scooter", "truck", "tractor"};
  private static final String[] STATUSES = {"open", "in progress", "blocked", "waiting for the customer",
      "resolved", "closed", "escalated", "reopened"};
  private static final String[] DRINKS = {"green tea", "black coffee", "oat milk lattes", "sparkling water",
      "hot chocolate", "mint tea", "espresso", "orange juice", "chai", "lemonade"};

  /** A category: how its subject is named and asked about, and its values' wordings (each names {@code %2$s}). */
  private record Category(String name, String attribute, String question, String[] values, String[] wordings,
      String[] distractors) {}

  private static final Category[] CATEGORIES = {
      new Category("home", "home", "Where does %s live?", CITIES, new String[] {
          "%s lives in %s.", "%s moved to %s.", "%s's home is now in %s.", "%s has settled in %s for good.",
          "These days %s rents a flat in %s."},
          new String[] {"%s flew to %s for a conference.", "%s spent a weekend in %s last year."}),
      new Category("job", "job", "Where does %s work?", EMPLOYERS, new String[] {
          "%s works at %s.", "%s took a job at %s.", "%s joined %s this month.", "%s is now employed by %s.",
          "%s started a new position with %s."},
          new String[] {"%s gave a talk at %s.", "%s once interviewed with %s."}),
      new Category("price", "price", "How much does %s cost?", null, new String[] {
          "%s costs %s.", "The price of %s is now %s.", "%s sells for %s.", "%s was repriced to %s.",
          "You can buy %s for %s these days."},
          new String[] {"%s got a review that praised its value at around %s.", "A used %s went for %s online."}),
      new Category("owner", "owner", "Who owns %s?", null, new String[] {
          "%s belongs to %s.", "%2$s owns %1$s.", "%s was bought by %s.", "%s is now registered to %s.",
          "The keys to %s are with its new owner, %s."},
          new String[] {"%s was borrowed by %s for a day.", "%s was repaired by %s's cousin."}),
      new Category("status", "status", "What is the status of %s?", STATUSES, new String[] {
          "%s is %s.", "The status of %s changed to %s.", "%s was marked %s.", "%s: now %s.",
          "The team set %s to %s."},
          new String[] {"%s was discussed in the %s meeting.", "%s has a comment saying it might be %s."}),
      new Category("preference", "favourite drink", "What does %s like to drink?", DRINKS, new String[] {
          "%s prefers %s.", "%s's favourite drink is %s.", "%s now likes %s best.", "%s orders %s every time.",
          "%s switched to %s."},
          new String[] {"%s bought %s for a friend.", "%s tried %s once and did not finish it."})};

  /**
   * {@code subjects} subjects of 2 to 4 versions each and one distractor per subject, from {@code seed}.
   *
   * @throws IllegalArgumentException when {@code subjects} is not positive
   */
  public static UpdatesWorkload generate(int subjects, long seed) {
    if (subjects <= 0) {
      throw new IllegalArgumentException("subjects must be > 0: " + subjects);
    }
    SplittableRandom random = new SplittableRandom(seed);
    Set<String> names = new HashSet<>();
    List<Subject> made = new ArrayList<>(subjects);
    List<Write> writes = new ArrayList<>();
    for (int s = 0; s < subjects; s++) {
      Category category = CATEGORIES[s % CATEGORIES.length];
      String entity = entity(category, random, names);
      int count = 2 + random.nextInt(3);
      List<Version> versions = new ArrayList<>(count);
      Instant at = START.plus(Duration.ofDays(random.nextInt(60)));
      int lastWording = -1;
      String lastValue = null;
      for (int v = 0; v < count; v++) {
        String value;
        do {
          value = value(category, random);
        } while (value.equals(lastValue));
        int wording;
        do {
          wording = random.nextInt(category.wordings().length);
        } while (wording == lastWording);
        versions.add(new Version(s, v, sentence(category.wordings()[wording], entity, value), at));
        writes.add(new Write(versions.get(v), null));
        lastWording = wording;
        lastValue = value;
        at = at.plus(Duration.ofDays(30 + random.nextInt(91)));
      }
      String distractor = category.distractors()[random.nextInt(category.distractors().length)];
      writes.add(new Write(null, new Distractor(sentence(distractor, entity, value(category, random)),
          START.plus(Duration.ofDays(random.nextInt(700))))));
      made.add(new Subject(s, entity + " " + category.attribute(),
          String.format(category.question(), entity), List.copyOf(versions)));
    }
    writes.sort((a, b) -> a.at().compareTo(b.at()));
    List<Question> current = new ArrayList<>(subjects);
    List<Question> past = new ArrayList<>(subjects);
    for (Subject subject : made) {
      List<Version> versions = subject.versions();
      current.add(new Question(subject.id(), subject.question(), null, versions.get(versions.size() - 1)));
      int v = random.nextInt(versions.size() - 1);
      Instant from = versions.get(v).validFrom();
      long span = Duration.between(from, versions.get(v + 1).validFrom()).toSeconds();
      Instant asOf = from.plusSeconds(1 + random.nextLong(Math.max(1, span - 1)));
      past.add(new Question(subject.id(), subject.question(), asOf, versions.get(v)));
    }
    return new UpdatesWorkload(Collections.unmodifiableList(made), Collections.unmodifiableList(writes),
        Collections.unmodifiableList(current), Collections.unmodifiableList(past));
  }

  private static String sentence(String wording, String entity, String value) {
    String text = String.format(wording, entity, value);
    return Character.toUpperCase(text.charAt(0)) + text.substring(1);
  }

  /** A person, product, asset or ticket no other subject has. */
  private static String entity(Category category, SplittableRandom random, Set<String> taken) {
    String entity;
    do {
      entity = switch (category.name()) {
        case "price" -> "the " + MAKERS[random.nextInt(MAKERS.length)] + " " + ITEMS[random.nextInt(ITEMS.length)]
            + " model " + (100 + random.nextInt(900));
        case "owner" -> "the " + COLOURS[random.nextInt(COLOURS.length)] + " " + ASSETS[random.nextInt(ASSETS.length)]
            + " with plate " + (char) ('A' + random.nextInt(26)) + (char) ('A' + random.nextInt(26)) + "-"
            + (1000 + random.nextInt(9000));
        case "status" -> "ticket " + (char) ('A' + random.nextInt(26)) + (char) ('A' + random.nextInt(26)) + "-"
            + (100 + random.nextInt(9900));
        default -> FIRST[random.nextInt(FIRST.length)] + " " + LAST[random.nextInt(LAST.length)];
      };
    } while (!taken.add(category.attribute() + "/" + entity));
    return entity;
  }

  private static String value(Category category, SplittableRandom random) {
    return switch (category.name()) {
      case "price" -> "$" + (5 + random.nextInt(400)) + (random.nextBoolean() ? ".99" : "");
      case "owner" -> FIRST[random.nextInt(FIRST.length)] + " " + LAST[random.nextInt(LAST.length)];
      default -> category.values()[random.nextInt(category.values().length)];
    };
  }
}
