package dev.memloop.bench.experiments;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** Line charts as PNG files, the one shape every figure here takes. */
public final class Charts {

  /** One line: solid with markers, or a dashed reference. */
  public record Line(String name, double[] x, double[] y, boolean reference) {}

  private final String title;
  private final String xAxis;
  private final String yAxis;
  private final List<Line> lines = new ArrayList<>();
  private boolean logX;
  private boolean logY;

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

  public Charts series(String name, double[] x, double[] y) {
    lines.add(new Line(name, x, y, false));
    return this;
  }

  public Charts reference(String name, double[] x, double[] y) {
    lines.add(new Line(name, x, y, true));
    return this;
  }

  /** Writes {@code directory/file} (a .png name) and returns the file name. */
  public String write(Path directory, String file) throws IOException {
    System.setProperty("java.awt.headless", "true"); // charts are files; there is no display
    XYChart chart = new XYChartBuilder().width(900).height(560).title(title).xAxisTitle(xAxis).yAxisTitle(yAxis).build();
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
    chart.getStyler().setXAxisLogarithmic(logX);
    chart.getStyler().setYAxisLogarithmic(logY);
    for (Line line : lines) {
      XYSeries s = chart.addSeries(line.name(), line.x(), line.y());
      s.setMarker(line.reference() ? SeriesMarkers.NONE : SeriesMarkers.CIRCLE);
      if (line.reference()) {
        s.setLineStyle(SeriesLines.DASH_DASH);
      }
    }
    String base = file.endsWith(".png") ? file.substring(0, file.length() - 4) : file;
    BitmapEncoder.saveBitmap(chart, directory.resolve(base).toString(), BitmapEncoder.BitmapFormat.PNG);
    return base + ".png";
  }
}
