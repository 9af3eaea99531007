package dev.memloop.workloads.trip;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class TripConversationsTest {

  @Test
  void should_state_five_distinct_constraints_in_the_first_three_turns_and_ask_for_them_in_the_sixth() {
    for (long seed = 0; seed < 50; seed++) {
      TripConversation c = TripConversations.generate(seed);
      assertEquals(TripConversation.TURNS, c.userMessages().size());
      assertEquals(5, new HashSet<>(c.constraints()).size());
      String early = String.join(" ", c.userMessages().subList(0, 3));
      String late = String.join(" ", c.userMessages().subList(3, 6));
      for (TripConstraint k : c.constraints()) {
        assertTrue(early.contains(k.statement()), k.statement());
        assertFalse(late.contains(k.statement()), k.statement());
      }
      assertEquals(TripConversation.FINAL_QUESTION, c.finalQuestion());
    }
  }

  @Test
  void should_give_the_same_conversation_for_the_same_seed_and_others_for_others() {
    TripConversation first = TripConversations.generate(7);
    TripConversation other = TripConversations.generate(8); // generating another in between changes nothing
    assertNotEquals(first.userMessages(), other.userMessages());
    assertEquals(first.userMessages(), TripConversations.generate(7).userMessages());
    assertEquals(first.constraints(), TripConversations.generate(7).constraints());
  }

  @Test
  void should_refuse_a_constraint_without_keywords_or_statement() {
    IllegalArgumentException noKeyword = assertThrows(IllegalArgumentException.class,
        () -> new TripConstraint("x", "You must.", List.of(), List.of()));
    assertTrue(noKeyword.getMessage().contains("constraint x needs at least one keyword"));
    IllegalArgumentException blank = assertThrows(IllegalArgumentException.class,
        () -> new TripConstraint("y", " ", List.of(), List.of("k")));
    assertTrue(blank.getMessage().contains("a constraint needs an id and a statement: y"));
  }
}
