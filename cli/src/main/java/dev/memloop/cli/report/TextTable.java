package dev.memloop.cli.report;

import java.util.ArrayList;
import java.util.List;

/** A fixed-width table for terminals and a Markdown table for reports, from the same rows. */
public final class TextTable {

  private final List<String> header;
  private final List<List<String>> rows = new ArrayList<>();

  public TextTable(String... header) {
    this.header = List.of(header);
  }

  public TextTable row(Object... cells) {
    if (cells.length != header.size()) {
      throw new IllegalArgumentException("row has " + cells.length + " cells, header has " + header.size());
    }
    List<String> row = new ArrayList<>();
    for (Object cell : cells) {
      row.add(String.valueOf(cell));
    }
    rows.add(row);
    return this;
  }

  public String plain() {
    int[] widths = new int[header.size()];
    for (int c = 0; c < widths.length; c++) {
      widths[c] = header.get(c).length();
      for (List<String> row : rows) {
        widths[c] = Math.max(widths[c], row.get(c).length());
      }
    }
    StringBuilder out = new StringBuilder();
    line(out, header, widths);
    for (List<String> row : rows) {
      line(out, row, widths);
    }
    return out.toString();
  }

  public String markdown() {
    StringBuilder out = new StringBuilder("| ").append(String.join(" | ", header)).append(" |\n|");
    for (int c = 0; c < header.size(); c++) {
      out.append(c == 0 ? "---|" : "---:|");
    }
    out.append('\n');
    for (List<String> row : rows) {
      out.append("| ").append(String.join(" | ", row)).append(" |\n");
    }
    return out.toString();
  }

  /** The table as HTML, every cell escaped. */
  public String html() {
    StringBuilder out = new StringBuilder("<table>\n<tr>");
    for (String h : header) {
      out.append("<th>").append(escape(h)).append("</th>");
    }
    out.append("</tr>\n");
    for (List<String> row : rows) {
      out.append("<tr>");
      for (String cell : row) {
        out.append("<td>").append(escape(cell)).append("</td>");
      }
      out.append("</tr>\n");
    }
    return out.append("</table>\n").toString();
  }

  public static String escape(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }

  private static void line(StringBuilder out, List<String> cells, int[] widths) {
    for (int c = 0; c < cells.size(); c++) {
      String cell = cells.get(c);
      if (c == 0) {
        out.append(cell).append(" ".repeat(widths[c] - cell.length()));
      } else {
        out.append("  ").append(" ".repeat(widths[c] - cell.length())).append(cell);
      }
    }
    out.append('\n');
  }
}
