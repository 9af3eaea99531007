package dev.memloop.bench.experiments;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads the paper's table cells, kept as the paper prints them ("4.4 [2-7]"), as numbers for the figures. */
final class PaperCells {

  private static final Pattern NUMBER = Pattern.compile("-?\\d+(\\.\\d+)?");

  private PaperCells() {}

  /** The leading number of a cell, as in {@code 4.4 [2-7]} or {@code 0.08 ms / 1.7 ms}. */
  static double leadingNumber(String cell) {
    Matcher m = NUMBER.matcher(cell);
    if (!m.find()) {
      throw new IllegalArgumentException("no number in the paper's cell '" + cell + "'");
    }
    return Double.parseDouble(m.group());
  }
}
