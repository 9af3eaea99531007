package dev.memloop.bench.benchmarks.board;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** The ladder as the paper draws Figure 6: redundant per agent against injected latency, with the references. */
public final class LadderChart {

  private LadderChart() {}

  public static void writePng(Path file, List<LadderCell> cells, String title) throws IOException {
    System.setProperty("java.awt.headless", "true"); // charts are files; there is no display
    List<LadderCell> ladder = cells.stream().filter(c -> !c.reference()).toList();
    double[] x = ladder.stream().mapToDouble(LadderCell::rttMillis).toArray();
    XYChart chart = new XYChartBuilder().width(900).height(560).title(title)
        .xAxisTitle("injected round trip per board read (ms); 0 = in-process direct view")
        .yAxisTitle("redundant investigations per agent").build();
    chart.getStyler().setLegendPosition(org.knowm.xchart.style.Styler.LegendPosition.InsideNW);
    chart.getStyler().setYAxisMin(0.0);
    XYSeries mean = chart.addSeries("per-step guard, mean", x, ladder.stream().mapToDouble(LadderCell::redundantMean).toArray());
    mean.setMarker(SeriesMarkers.CIRCLE);
    band(chart, "min", x, ladder.stream().mapToDouble(LadderCell::redundantMin).toArray());
    band(chart, "max", x, ladder.stream().mapToDouble(LadderCell::redundantMax).toArray());
    double[] span = {x[0], x[x.length - 1]};
    for (LadderCell reference : cells.stream().filter(LadderCell::reference).toList()) {
      XYSeries line = chart.addSeries(reference.rung() + " (reference)", span,
          new double[] {reference.redundantMean(), reference.redundantMean()});
      line.setLineStyle(reference.rung().equals("none") ? SeriesLines.DOT_DOT : SeriesLines.DASH_DASH);
      line.setMarker(SeriesMarkers.NONE);
    }
    BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
  }

  private static void band(XYChart chart, String name, double[] x, double[] y) {
    XYSeries s = chart.addSeries(name, x, y);
    s.setLineStyle(SeriesLines.DOT_DOT);
    s.setMarker(SeriesMarkers.NONE);
    s.setLineColor(java.awt.Color.GRAY);
  }
}
