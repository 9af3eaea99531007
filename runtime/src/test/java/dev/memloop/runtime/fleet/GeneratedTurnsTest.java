package dev.memloop.runtime.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memloop.runtime.step.Observation;
import dev.memloop.runtime.step.Turn;
import java.util.List;
import org.junit.jupiter.api.Test;

class GeneratedTurnsTest {

  private static Turn turn(int index) {
    return new Turn(index, List.of(new Observation("o-" + index, "text " + index)));
  }

  @Test
  void should_make_a_turn_each_time_it_is_read_and_refuse_changes() {
    List<Turn> turns = GeneratedTurns.of(3, GeneratedTurnsTest::turn);
    assertThat(turns).hasSize(3).containsExactly(turn(0), turn(1), turn(2));
    assertThat(turns.get(1)).isEqualTo(turn(1)).isNotSameAs(turns.get(1));
    assertThatThrownBy(() -> turns.add(turn(3))).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> turns.get(3)).isInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("turn 3 of 3 generated turns");
  }

  @Test
  void should_name_a_generator_that_makes_the_wrong_turn_and_refuse_bad_arguments() {
    assertThatThrownBy(() -> GeneratedTurns.of(2, i -> turn(0)).get(1)).isInstanceOf(IllegalStateException.class)
        .hasMessage("the generator of turn 1 made turn 0");
    assertThatThrownBy(() -> GeneratedTurns.of(2, i -> null).get(0)).hasMessage(
        "the generator of turn 0 made nothing");
    assertThatThrownBy(() -> GeneratedTurns.of(-1, GeneratedTurnsTest::turn))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("generated turns: count must be at least 0: -1");
    assertThatThrownBy(() -> GeneratedTurns.of(1, null)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("generated turns need a function that makes turn i");
  }

  @Test
  void should_be_kept_by_a_fleet_member_without_being_made() {
    List<Turn> turns = GeneratedTurns.of(2, i -> {
      throw new AssertionError("made at construction: " + i);
    });
    FleetMember member = new FleetMember("a-1", "g", org.apache.pekko.actor.typed.javadsl.Behaviors.empty(), turns);
    assertThat(member.turns()).isSameAs(turns);
  }
}
