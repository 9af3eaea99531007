package dev.memloop.bench.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Line charts for the report, every figure in one theme: our series as lines with markers, their min-max as error
 * bars, the paper's values as grey markers without a line beside them, reference lines dashed; written as PNG and SVG with a
 * caption. Series that would coincide can be dodged (offset along x) so that each stays visible, or, where equal x
 * values must stay equal (latencies on a log axis), drawn nested (each at its own values, the earlier wider, with a
 * marker of its own); the caption says which.
 */
public final class Charts {

  /** Colours safe for colour-blind readers (Okabe and Ito), in series order. */
  private static final Color[] PALETTE = {new Color(0, 114, 178), new Color(213, 94, 0), new Color(0, 158, 115),
      new Color(204, 121, 167), new Color(230, 159, 0), new Color(86, 180, 233), new Color(240, 228, 66),
      new Color(0, 0, 0)};
  private static final Color PAPER_COLOUR = new Color(90, 90, 90);
  /** The paper's series, grey, told apart by shape. */
  private static final Marker[] PAPER_MARKERS = {SeriesMarkers.DIAMOND,
      SeriesMarkers.TRIANGLE_UP, SeriesMarkers.SQUARE, SeriesMarkers.CROSS};
  /** How far apart dodged series sit, as a fraction of the x range (of its logarithm on a log axis). */
  private static final double DODGE = 0.012;
  /** Our series' markers when nested, so that coinciding points show as shapes one inside another. */
  private static final Marker[] NESTED_MARKERS = {SeriesMarkers.CIRCLE, SeriesMarkers.SQUARE, SeriesMarkers.DIAMOND,
      SeriesMarkers.TRIANGLE_UP, SeriesMarkers.TRIANGLE_DOWN, SeriesMarkers.CROSS, SeriesMarkers.PLUS,
      SeriesMarkers.OVAL};
  /** The narrowest nested line, in pixels; each earlier series is this much wider. */
  private static final float NESTED_WIDTH = 1.5f;

  /** One drawn line: ours (with optional min-max), the paper's, or a dashed reference. */
  private record Line(String name, double[] x, double[] y, double[] min, double[] max, Kind kind) {}

  private enum Kind { OURS, PAPER, REFERENCE, COMPANION }

  private final String title;
  private final String xAxis;
  private final String yAxis;
  private final List<Line> lines = new ArrayList<>();
  private String caption = "";
  private boolean logX;
  private boolean logY;
  private boolean dodge;
  private boolean nested;
  private double yMin;
  private double yMax;

  private Charts(String title, String xAxis, String yAxis) {
    this.title = title;
    this.xAxis = xAxis;
    this.yAxis = yAxis;
  }

  public static Charts line(String title, String xAxis, String yAxis) {
    return new Charts(title, xAxis, yAxis);
  }

  public Charts logX() {
    this.logX = true;
    return this;
  }

  public Charts logY() {
    this.logY = true;
    return this;
  }

  /**
   * Draws our series nested: every point at its own value (an offset would make equal latencies look different on a
   * log axis), the earlier series wider and each with its own marker, so that equal values stay visible; the caption
   * says so.
   */
  public Charts nested() {
    this.nested = true;
    return this;
  }

  /** Offsets our series from one another along x, so that equal values stay visible; the caption says so. */
  public Charts dodge() {
    this.dodge = true;
    return this;
  }

  /** Fixes the y axis to [min, max] (a rate's 0 to 1, say), rather than the data's own span. */
  public Charts yRange(double min, double max) {
    if (!(max > min)) {
      throw new IllegalArgumentException("a y range needs min < max: " + min + ", " + max);
    }
    this.yMin = min;
    this.yMax = max;
    return this;
  }

  /** What the figure shows, printed under it in the report. */
  public Charts caption(String text) {
    this.caption = text;
    return this;
  }

  public Charts series(String name, double[] x, double[] y) {
    lines.add(new Line(name, x, y, null, null, Kind.OURS));
    return this;
  }

  /** Our series with its min and max at each point, drawn as error bars. */
  public Charts series(String name, double[] x, double[] y, double[] min, double[] max) {
    if (min.length != y.length || max.length != y.length) {
      throw new IllegalArgumentException("min and max need one value per point: " + y.length + " points, "
          + min.length + " min, " + max.length + " max");
    }
    lines.add(new Line(name, x, y, min, max, Kind.OURS));
    return this;
  }

  /** The paper's values, as markers without a line, beside ours. */
  public Charts paper(String name, double[] x, double[] y) {
    lines.add(new Line(name, x, y, null, null, Kind.PAPER));
    return this;
  }

  /** A dashed grey line that is not a measurement (a threshold, a cliff). */
  public Charts reference(String name, double[] x, double[] y) {
    lines.add(new Line(name, x, y, null, null, Kind.REFERENCE));
    return this;
  }

  /** A dashed line in the colour of the series added just before it (that series' own baseline, say). */
  public Charts companion(String name, double[] x, double[] y) {
    lines.add(new Line(name, x, y, null, null, Kind.COMPANION));
    return this;
  }

  /** Writes {@code directory/file} (a .png name) and its .svg twin, and returns the figure. */
  public Figure write(Path directory, String file) throws IOException {
    System.setProperty("java.awt.headless", "true"); // charts are files; there is no display
    XYChart chart = new XYChartBuilder().width(900).height(560).title(title).xAxisTitle(xAxis).yAxisTitle(yAxis).build();
    theme(chart.getStyler());
    chart.getStyler().setXAxisLogarithmic(logX);
    chart.getStyler().setYAxisLogarithmic(logY);
    if (yMax > yMin) {
      chart.getStyler().setYAxisMin(yMin).setYAxisMax(yMax);
    }
    int ours = (int) ours();
    int index = 0;
    int colour = 0;
    int paper = 0;
    Color last = PAPER_COLOUR;
    for (Line line : lines) {
      int place = line.kind() == Kind.OURS ? index++ : -1;
      double[] x = place >= 0 && dodge ? dodged(line.x(), place, ours) : line.x();
      switch (line.kind()) {
        case OURS -> {
          Color c = PALETTE[colour++ % PALETTE.length];
          last = c;
          XYSeries s = chart.addSeries(line.name(), x, line.y());
          s.setMarker(nested ? NESTED_MARKERS[place % NESTED_MARKERS.length] : SeriesMarkers.CIRCLE).setMarkerColor(c)
              .setLineColor(c);
          if (nested) {
            s.setLineWidth(NESTED_WIDTH * (ours - place));
          }
          if (line.min() != null) {
            errorBars(chart, line, x, c);
          }
        }
        case PAPER -> {
          XYSeries s = chart.addSeries(line.name(), line.x(), line.y());
          s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
          s.setMarker(PAPER_MARKERS[paper++ % PAPER_MARKERS.length]).setMarkerColor(PAPER_COLOUR);
        }
        case REFERENCE, COMPANION -> {
          XYSeries s = chart.addSeries(line.name(), line.x(), line.y());
          s.setMarker(SeriesMarkers.NONE).setLineStyle(SeriesLines.DASH_DASH)
              .setLineColor(line.kind() == Kind.COMPANION ? last : PAPER_COLOUR);
        }
      }
    }
    String base = file.endsWith(".png") ? file.substring(0, file.length() - 4) : file;
    BitmapEncoder.saveBitmap(chart, directory.resolve(base).toString(), BitmapEncoder.BitmapFormat.PNG);
    VectorGraphicsEncoder.saveVectorGraphic(chart, directory.resolve(base).toString(),
        VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
    return new Figure(base + ".png", base + ".svg", fullCaption());
  }

  /** The caption, with what the drawing conventions mean. */
  private String fullCaption() {
    StringBuilder text = new StringBuilder(caption);
    if (lines.stream().anyMatch(l -> l.min() != null)) {
      text.append(text.length() == 0 ? "" : " ").append("Bars span min to max over the repeats.");
    }
    if (lines.stream().anyMatch(l -> l.kind() == Kind.PAPER)) {
      text.append(text.length() == 0 ? "" : " ").append("Grey markers without a line are the paper's values.");
    }
    if (nested) {
      text.append(text.length() == 0 ? "" : " ").append("Where our series coincide they are drawn one inside another, "
          + "the earlier wider, each with its own marker; no point is moved.");
    }
    if (dodge) {
      text.append(text.length() == 0 ? "" : " ").append(String.format(Locale.ROOT, "Our series are offset along x "
          + "by up to %.0f%% of the axis so that coinciding values stay visible.", DODGE * 100 * (ours() - 1) / 2.0));
    }
    return text.toString();
  }

  private long ours() {
    return lines.stream().filter(l -> l.kind() == Kind.OURS).count();
  }

  private static void theme(XYStyler styler) {
    styler.setLegendPosition(Styler.LegendPosition.OutsideS);
    styler.setChartBackgroundColor(Color.WHITE);
    styler.setPlotBackgroundColor(Color.WHITE);
    styler.setPlotGridLinesColor(new Color(225, 225, 225));
    styler.setLegendBorderColor(Color.WHITE);
    styler.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 15));
    styler.setAxisTitleFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
    styler.setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
    styler.setMarkerSize(8);
  }

  private void errorBars(XYChart chart, Line line, double[] x, Color colour) {
    for (int i = 0; i < x.length; i++) {
      if (line.min()[i] == line.max()[i]) {
        continue; // no spread: the marker says it all
      }
      XYSeries bar = chart.addSeries(line.name() + " range " + i, new double[] {x[i], x[i]},
          new double[] {line.min()[i], line.max()[i]});
      bar.setMarker(SeriesMarkers.NONE).setLineColor(colour).setLineStyle(new BasicStroke(1.2f)).setShowInLegend(false);
    }
  }

  /** The series' x values shifted by its place among {@code count} series, in the axis's own scale. */
  private double[] dodged(double[] x, int index, int count) {
    double[] out = x.clone();
    double shift = (index - (count - 1) / 2.0) * DODGE;
    double lo = Double.POSITIVE_INFINITY;
    double hi = Double.NEGATIVE_INFINITY;
    for (double v : x) {
      if (!logX || v > 0) { // a log axis cannot show 0 or less: those points are not moved
        double scaled = logX ? Math.log10(v) : v;
        lo = Math.min(lo, scaled);
        hi = Math.max(hi, scaled);
      }
    }
    double span = hi > lo ? hi - lo : 1;
    for (int i = 0; i < out.length; i++) {
      if (logX && out[i] > 0) {
        out[i] = Math.pow(10, Math.log10(out[i]) + shift * span);
      } else if (!logX) {
        out[i] += shift * span;
      }
    }
    return out;
  }
}
