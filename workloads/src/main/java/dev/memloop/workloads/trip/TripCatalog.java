package dev.memloop.workloads.trip;

import java.util.List;

/**
 * The constraints, destinations and small talk trip conversations are made from. Constraints are stated with
 * "must", "need" or "no", as durable requirements are; small talk never is.
 */
final class TripCatalog {

  static final List<TripConstraint> CONSTRAINTS = List.of(
      new TripConstraint("budget", "The whole trip must stay under 2000 euros.",
          List.of("Keep total spending below 2000 euros.", "Budget cap for the trip: 2000 euros.",
              "Spending limit is 2000 euros overall.", "No more than 2000 euros in total."),
          List.of("2000", "2,000")),
      new TripConstraint("diet", "I need vegetarian restaurants only.",
          List.of("Only vegetarian places to eat.", "Meals must be vegetarian.", "Restaurants need to be vegetarian.",
              "No meat: vegetarian dining only."),
          List.of("vegetarian")),
      new TripConstraint("flights", "No red-eye flights, I must sleep at night.",
          List.of("Avoid overnight red-eye flights.", "Flights must not be red-eyes.", "Red-eye flights are out.",
              "Daytime flights only, no red-eye."),
          List.of("red-eye", "red eye")),
      new TripConstraint("pet", "The hotel must be pet-friendly, my dog comes along.",
          List.of("Accommodation needs to allow dogs.", "Pet-friendly hotel required.", "The dog must be welcome at the hotel.",
              "Only hotels that accept pets."),
          List.of("pet", "dog")),
      new TripConstraint("seat", "I need an aisle seat on every flight.",
          List.of("Aisle seats on all flights.", "Always book the aisle seat.", "Seat must be on the aisle.",
              "Aisle seating required for flights."),
          List.of("aisle")),
      new TripConstraint("walk", "Hotels must be within walking distance of the old town.",
          List.of("Stay walkable to the old town.", "The hotel needs to be near the old town, on foot.",
              "Old town must be reachable on foot.", "Walking distance to the historic center is required."),
          List.of("old town", "walking", "walkable", "on foot")),
      new TripConstraint("wifi", "The room must have reliable wifi, I work remotely.",
          List.of("Reliable wifi in the room is required.", "Need good internet in the room.", "Wifi must work in the room.",
              "Remote work needs solid wifi."),
          List.of("wifi", "internet")),
      new TripConstraint("dates", "We must be back home by June 14.",
          List.of("Return no later than June 14.", "Home again by the 14th of June.", "The trip must end by June 14.",
              "Back by June 14 at the latest."),
          List.of("june 14", "14th of june")));

  static final List<String> DESTINATIONS = List.of("Lisbon", "Porto", "Seville", "Kyoto", "Montreal", "Edinburgh",
      "Ljubljana", "Tallinn");

  /** Small talk and questions that hold no constraint; what a model may store as "incidental details". */
  static final List<String> SMALL_TALK = List.of("What is the weather usually like there in late May?",
      "My sister went there last year and loved the food markets.", "Are there any good museums you would suggest?",
      "I might bring a camera, I enjoy photographing street art.", "Is it easy to get around by tram?",
      "We were thinking of a day trip to the coast.", "I read that the sunsets from the hills are beautiful.",
      "My partner prefers quiet evenings over nightlife.");

  private TripCatalog() {}
}
