package dev.memloop.runtime.fleet;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/**
 * The action lines one agent has executed, to tell a redundant execution from a first one. A fleet keeps one per
 * agent for the whole run, and an agent executes a handful of lines: they are kept in a small array, scanned (the
 * lines are mostly the workloads' shared instances, so the scan mostly compares references), and moved into a hash
 * set only when there are many. A {@code HashSet} per agent cost a million-agent fleet 0.3 KiB per agent.
 *
 * <p>Not thread-safe: fed by the fleet's tally, one turn at a time.
 */
final class ExecutedLines {

  /** Beyond this many lines, a scan costs more than a hash set's memory saves. */
  static final int SCANNED = 16;

  private String[] lines = new String[4];
  private int size;
  private Set<String> many; // replaces lines past SCANNED

  /** Adds {@code line}; false if it was executed before (the execution is redundant). */
  boolean add(String line) {
    if (many != null) {
      return many.add(line);
    }
    for (int i = 0; i < size; i++) {
      if (lines[i].equals(line)) {
        return false;
      }
    }
    if (size == SCANNED) {
      many = new HashSet<>(Arrays.asList(lines));
      lines = null;
      return many.add(line);
    }
    if (size == lines.length) {
      lines = Arrays.copyOf(lines, Math.min(SCANNED, lines.length * 2));
    }
    lines[size++] = line;
    return true;
  }

  int size() {
    return many != null ? many.size() : size;
  }
}
