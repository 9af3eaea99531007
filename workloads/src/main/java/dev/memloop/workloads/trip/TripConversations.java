package dev.memloop.workloads.trip;

import dev.memloop.workloads.Shuffle;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Seeded trip conversations: five of the catalog's constraints stated over turns 1 to 3 (two, two, one), small
 * talk in turns 4 and 5, the recall question in turn 6. The same seed always gives the same conversation.
 */
public final class TripConversations {

  public static final int CONSTRAINTS = 5;

  private TripConversations() {}

  public static TripConversation generate(long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    List<TripConstraint> pool = new ArrayList<>(TripCatalog.CONSTRAINTS);
    Shuffle.shuffle(pool, random);
    List<TripConstraint> chosen = List.copyOf(pool.subList(0, CONSTRAINTS));
    List<String> talk = new ArrayList<>(TripCatalog.SMALL_TALK);
    Shuffle.shuffle(talk, random);
    String destination = TripCatalog.DESTINATIONS.get(random.nextInt(TripCatalog.DESTINATIONS.size()));
    List<String> messages = List.of(
        "I'm planning a trip to " + destination + ". " + chosen.get(0).statement() + " " + chosen.get(1).statement(),
        chosen.get(2).statement() + " " + chosen.get(3).statement(),
        "One more thing. " + chosen.get(4).statement(),
        talk.get(0) + " " + talk.get(1),
        talk.get(2),
        TripConversation.FINAL_QUESTION);
    return new TripConversation(seed, destination, chosen, messages);
  }

  /** The small talk of the catalog, for models that store incidental details. */
  public static List<String> smallTalk() {
    return TripCatalog.SMALL_TALK;
  }
}
