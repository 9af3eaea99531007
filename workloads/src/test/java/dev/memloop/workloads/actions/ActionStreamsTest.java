package dev.memloop.workloads.actions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ActionStreamsTest {

  @Test
  void should_give_the_same_stream_for_the_same_spec_and_seed() {
    assertEquals(ActionStreams.generate(ActionStreamSpec.DEFAULT, 5).fingerprint(),
        ActionStreams.generate(ActionStreamSpec.DEFAULT, 5).fingerprint());
    assertNotEquals(ActionStreams.generate(ActionStreamSpec.DEFAULT, 5).fingerprint(),
        ActionStreams.generate(ActionStreamSpec.DEFAULT, 6).fingerprint());
    assertEquals(GOLDEN_SEED_42, ActionStreams.generate(ActionStreamSpec.DEFAULT, 42).fingerprint());
  }

  static final String GOLDEN_SEED_42 = "86abb0f2ae134721a0ae6d529b13f7a3c1111ed1d9605e887e9d672aa132b48a";

  @Test
  void should_repeat_exactly_half_of_every_turn() {
    for (long seed = 0; seed < 25; seed++) {
      ActionStream stream = ActionStreams.generate(ActionStreamSpec.DEFAULT, seed);
      assertFalse(stream.actions().get(0).isDuplicate());
      Set<String> seen = new HashSet<>();
      for (int turn = 0; turn < 4; turn++) {
        int duplicates = 0;
        for (CandidateAction a : stream.turn(turn)) {
          if (a.isDuplicate()) {
            duplicates++;
            assertTrue(a.duplicateOf() < a.index());
            assertEquals(stream.actions().get(a.duplicateOf()).line(), a.line());
            assertTrue(seen.contains(a.line()));
          } else {
            assertTrue(seen.add(a.line()), "new lines are new: " + a.line());
          }
        }
        assertEquals(10, duplicates);
      }
    }
  }

  @Test
  void should_reject_bad_specs_naming_the_value() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new ActionStreamSpec(4, 20, 20));
    assertTrue(e.getMessage().contains("duplicatesPerTurn must be in [0, 19]: 20"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> new ActionStreamSpec(0, 20, 10));
    assertTrue(e.getMessage().contains("turns must be > 0: 0"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> new ActionStreamSpec(4, 0, 0));
    assertTrue(e.getMessage().contains("actionsPerTurn must be > 0: 0"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> new ActionStreamSpec(10_000, 20, 10));
    assertTrue(e.getMessage().contains("exceed the"), e.getMessage());
  }
}
