package dev.memloop.bench.report;

/**
 * One figure of a report: its PNG (shown), its SVG twin (for a paper), and the caption printed under it.
 *
 * @param png the PNG file's name in the run directory
 * @param svg the SVG file's name beside it
 */
public record Figure(String png, String svg, String caption) {

  public Figure {
    if (png == null || png.isBlank() || svg == null || svg.isBlank() || caption == null) {
      throw new IllegalArgumentException("a figure needs its PNG, its SVG and a caption: " + png + ", " + svg);
    }
  }
}
