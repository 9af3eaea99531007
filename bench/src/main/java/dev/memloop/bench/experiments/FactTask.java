package dev.memloop.bench.experiments;

import dev.memloop.memory.Recall;
import dev.memloop.memory.WorkingMemory;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The three task families of the window x facts sweep (Figure 7): D facts arrive one per turn, then one final
 * question needs all of them. An agent sees the last W turns; with working memory it also stores every turn
 * and reads the store before answering. Deterministic: no model, exact graders.
 */
enum FactTask {

  /** List every constraint stated so far. */
  CONSTRAINT_RECALL {
    @Override
    String fact(int i) {
      return "constraint " + (i + 1) + ": the route must avoid district-" + (char) ('a' + i);
    }

    @Override
    boolean answer(List<String> known, List<Recall> recalled, int facts) {
      List<String> all = union(known, recalled);
      for (int i = 0; i < facts; i++) {
        if (!all.contains(fact(i))) {
          return false;
        }
      }
      return true;
    }
  },

  /** Give the total of every value added so far. */
  RUNNING_TALLY {
    @Override
    String fact(int i) {
      return "tally entry " + (i + 1) + ": add " + value(i) + " units";
    }

    @Override
    boolean answer(List<String> known, List<Recall> recalled, int facts) {
      long expected = 0;
      for (int i = 0; i < facts; i++) {
        expected += value(i);
      }
      long total = 0;
      for (String line : union(known, recalled)) {
        if (line.startsWith("tally entry ")) {
          total += Long.parseLong(line.substring(line.indexOf("add ") + 4, line.indexOf(" units")));
        }
      }
      return total == expected;
    }

    private long value(int i) {
      return 3L * i + 7;
    }
  },

  /** Follow the chain of facts, each naming the next, from the first to the end. */
  CHAINED_LOOKUP {
    @Override
    String fact(int i) {
      return "clue " + name(i) + " points to clue " + name(i + 1);
    }

    @Override
    boolean answer(List<String> known, List<Recall> recalled, int facts) {
      List<String> all = union(known, recalled);
      String current = name(0);
      for (int hop = 0; hop < facts; hop++) {
        String prefix = "clue " + current + " points to clue ";
        String link = all.stream().filter(l -> l.startsWith(prefix)).findFirst().orElse(null);
        if (link == null) {
          return false;
        }
        current = link.substring(prefix.length());
      }
      return current.equals(name(facts));
    }

    private String name(int i) {
      return "node-" + Integer.toString(i * 7 + 3, 36).toUpperCase(Locale.ROOT);
    }
  };

  abstract String fact(int i);

  /** The grader: does what the agent knows (window lines and recalled items) answer the question? */
  abstract boolean answer(List<String> known, List<Recall> recalled, int facts);

  String label() {
    return name().toLowerCase(Locale.ROOT).replace('_', ' ');
  }

  /** Runs the task: D fact turns, then the question with a window of W turns and, if given, a memory. */
  boolean run(int facts, int window, WorkingMemory memory) {
    List<String> turns = new ArrayList<>();
    for (int i = 0; i < facts; i++) {
      turns.add(fact(i));
      if (memory != null) {
        memory.add(fact(i));
      }
    }
    List<String> inWindow = turns.subList(Math.max(0, turns.size() - window), turns.size());
    List<Recall> recalled = memory == null ? List.of() : memory.recall("the question needs every earlier fact: "
        + label(), Math.max(8, facts)); // the read is bounded, and never below the paper's k = 8
    return answer(inWindow, recalled, facts);
  }

  /** What the agent knows, each line once: a fact both in the window and recalled is one fact. */
  private static List<String> union(List<String> known, List<Recall> recalled) {
    Set<String> all = new LinkedHashSet<>(known);
    recalled.forEach(r -> all.add(r.text()));
    return new ArrayList<>(all);
  }
}
