package dev.memloop.memory;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The id table finds what a map of ids would, through adds, removals that move the last ordinal into the hole (as a
 * memory's do) and growth; half the ids share one hash (strings of "Aa" and "BB" blocks), so probe runs are long and
 * wrap around the table's end.
 */
class IdTableTest {

  /** Ordinals 0..size-1 in a list, as a memory's arrays are. */
  static final class Ids implements IdTable.Ids {
    final List<String> byOrdinal = new ArrayList<>();

    @Override
    public int hashAt(int ordinal) {
      return hash(byOrdinal.get(ordinal));
    }

    @Override
    public boolean idEquals(int ordinal, String id) {
      return byOrdinal.get(ordinal).equals(id);
    }

    static int hash(String id) {
      return id.hashCode();
    }
  }

  @Test
  void should_find_what_a_map_finds_through_adds_moving_removals_and_growth() {
    Random random = new Random(29);
    for (int round = 0; round < 20; round++) {
      Ids ids = new Ids();
      IdTable table = new IdTable(ids, 2);
      Map<String, Integer> reference = new HashMap<>();
      for (int op = 0; op < 2_000; op++) {
        String id = id(random.nextInt(300));
        if (random.nextInt(3) > 0 && !reference.containsKey(id)) {
          int ordinal = ids.byOrdinal.size();
          ids.byOrdinal.add(id);
          table.put(Ids.hash(id), ordinal);
          reference.put(id, ordinal);
        } else if (reference.containsKey(id)) {
          int ordinal = reference.remove(id);
          int last = ids.byOrdinal.size() - 1;
          table.remove(Ids.hash(id), ordinal);
          if (ordinal != last) {
            String moved = ids.byOrdinal.get(last);
            table.move(Ids.hash(moved), last, ordinal);
            ids.byOrdinal.set(ordinal, moved);
            reference.put(moved, ordinal);
          }
          ids.byOrdinal.remove(last);
        }
        assertThat(table.size()).isEqualTo(reference.size());
      }
      for (int i = 0; i < 300; i++) {
        String id = id(i);
        assertThat(table.find(id)).as(id).isEqualTo(reference.getOrDefault(id, -1));
      }
    }
  }

  /** Ids 0-127 all hash alike (eight blocks of "Aa" or "BB"); the others are ordinary. */
  static String id(int i) {
    if (i >= 128) {
      return "id-" + i;
    }
    StringBuilder id = new StringBuilder();
    for (int bit = 0; bit < 8; bit++) {
      id.append((i >> bit & 1) == 0 ? "Aa" : "BB");
    }
    return id.toString();
  }
}
