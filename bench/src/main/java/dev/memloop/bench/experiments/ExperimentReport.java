package dev.memloop.bench.experiments;

import dev.memloop.bench.report.Figure;
import dev.memloop.cli.report.TextTable;
import java.util.ArrayList;
import java.util.List;

/**
 * What an experiment found: its tables (ours with the paper's numbers beside), the figures it wrote, notes on
 * how to read them and where we differ from the paper, and the records that go into its JSON file.
 */
public record ExperimentReport(String id, String title, List<Section> sections, List<Figure> charts, String notes,
    Object records) {

  /** A captioned table. */
  public record Section(String caption, TextTable table) {}

  public ExperimentReport {
    sections = List.copyOf(sections);
    charts = List.copyOf(charts);
  }

  public String markdown() {
    StringBuilder out = new StringBuilder("## ").append(title).append("\n\n");
    for (Section s : sections) {
      out.append(s.caption()).append("\n\n").append(s.table().markdown()).append('\n');
    }
    for (Figure chart : charts) {
      out.append("![").append(chart.caption().isEmpty() ? chart.png() : chart.caption()).append("](")
          .append(chart.png()).append(")\n\n*").append(chart.caption()).append("* ([SVG](").append(chart.svg())
          .append("))\n\n");
    }
    return out.append(notes).append("\n\n").toString();
  }

  public String html() {
    StringBuilder out = new StringBuilder("<h2>").append(TextTable.escape(title)).append("</h2>\n");
    for (Section s : sections) {
      out.append("<p>").append(TextTable.escape(s.caption())).append("</p>\n").append(s.table().html());
    }
    for (Figure chart : charts) {
      out.append("<figure><a href=\"").append(TextTable.escape(chart.svg())).append("\"><img src=\"")
          .append(TextTable.escape(chart.png())).append("\" alt=\"").append(TextTable.escape(chart.caption()))
          .append("\"></a><figcaption>").append(TextTable.escape(chart.caption())).append("</figcaption></figure>\n");
    }
    for (String paragraph : notes.split("\n\n")) {
      out.append("<p>").append(TextTable.escape(paragraph)).append("</p>\n");
    }
    return out.toString();
  }

  public String plain() {
    List<String> parts = new ArrayList<>();
    parts.add("== " + title);
    for (Section s : sections) {
      parts.add(s.caption() + "\n" + s.table().plain());
    }
    return String.join("\n", parts) + "\n";
  }
}
