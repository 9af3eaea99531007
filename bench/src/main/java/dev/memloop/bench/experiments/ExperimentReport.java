package dev.memloop.bench.experiments;

import dev.memloop.bench.report.TextTable;
import java.util.ArrayList;
import java.util.List;

/**
 * What an experiment found: its tables (ours with the paper's numbers beside), the charts it wrote, notes on
 * how to read them and where we differ from the paper, and the records that go into its JSON file.
 */
public record ExperimentReport(String id, String title, List<Section> sections, List<String> charts, String notes,
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
    for (String chart : charts) {
      out.append("![").append(chart).append("](").append(chart).append(")\n\n");
    }
    return out.append(notes).append("\n\n").toString();
  }

  public String html() {
    StringBuilder out = new StringBuilder("<h2>").append(TextTable.escape(title)).append("</h2>\n");
    for (Section s : sections) {
      out.append("<p>").append(TextTable.escape(s.caption())).append("</p>\n").append(s.table().html());
    }
    for (String chart : charts) {
      out.append("<p><img src=\"").append(TextTable.escape(chart)).append("\" alt=\"").append(TextTable.escape(chart))
          .append("\"></p>\n");
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
