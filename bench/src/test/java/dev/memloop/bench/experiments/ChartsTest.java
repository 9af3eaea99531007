package dev.memloop.bench.experiments;

import dev.memloop.bench.report.Charts;
import dev.memloop.bench.report.Figure;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memloop.cli.report.TextTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Figures: PNG and SVG with a caption that says what the drawing conventions mean; the paper's cells parsed. */
class ChartsTest {

  @TempDir
  Path dir;

  @Test
  void should_write_png_and_svg_with_a_caption_that_names_its_conventions() throws IOException {
    double[] x = {0, 5, 15};
    Figure figure = Charts.line("t", "x", "y").dodge().caption("What it shows.")
        .series("ours", x, new double[] {1, 2, 3}, new double[] {0, 2, 1}, new double[] {2, 2, 4})
        .series("other", x, new double[] {1, 2, 3})
        .paper("paper", x, new double[] {1.5, 2, 3.5})
        .write(dir, "f.png");
    assertThat(figure.png()).isEqualTo("f.png");
    assertThat(figure.svg()).isEqualTo("f.svg");
    assertThat(Files.size(dir.resolve("f.png"))).isPositive();
    assertThat(Files.readString(dir.resolve("f.svg"))).startsWith("<?xml").contains("<svg");
    assertThat(figure.caption()).startsWith("What it shows.").contains("Bars span min to max")
        .contains("Grey markers without a line are the paper's values").contains("offset along x by up to 1%");
  }

  /** Nested series keep their values: the caption says none is moved, and says nothing of an offset. */
  @Test
  void should_draw_coinciding_series_nested_on_a_log_axis_without_moving_a_point() throws IOException {
    double[] x = {0.015, 5, 30, 110};
    Figure figure = Charts.line("t", "latency (ms, log)", "y").logX().nested()
        .series("B = 100 ms", x, new double[] {0, 1, 9, 10}).series("B = 150 ms", x, new double[] {0, 0, 7, 10})
        .write(dir, "n.png");
    assertThat(figure.caption()).contains("drawn one inside another").contains("no point is moved")
        .doesNotContain("offset");
    assertThat(Files.size(dir.resolve("n.png"))).isPositive();
  }

  @Test
  void should_refuse_a_range_without_a_value_per_point() {
    assertThatThrownBy(() -> Charts.line("t", "x", "y").series("s", new double[] {1, 2}, new double[] {1, 2},
        new double[] {1}, new double[] {2, 3})).hasMessageContaining("min and max need one value per point: 2 points");
    assertThatThrownBy(() -> Charts.line("t", "x", "y").yRange(1, 1)).hasMessageContaining("min < max: 1.0, 1.0");
  }

  @Test
  void should_read_the_papers_cells_as_numbers() {
    assertThat(PaperCells.leadingNumber("4.4 [2-7]")).isEqualTo(4.4);
    assertThat(PaperCells.leadingNumber("0 (20 guards)")).isZero();
    assertThat(RetrievalTax.paperColumn(new String[] {"0.08 ms / 1.7 ms / 1x", "110 ms / 2.20 s / 1,298x"}, 1))
        .containsExactly(1.7, 2200.0);
    assertThat(LoopGuardMechanism.paperMeans(LoopGuardMechanism.RUNGS_MS.length))
        .containsExactly(0, 0, 0.8, 9.7, 10, 10);
    assertThat(TriageDoseResponseReport.paperLadder(6, true)).containsExactly(0, 0, 1.4, 4.4, 6.2, 7.2);
    assertThat(TriageDoseResponseReport.paperLadder(6, false)).containsExactly(0, 0, 1.6, 4.0, 6.2, 7.2);
    assertThatThrownBy(() -> PaperCells.leadingNumber("reported")).hasMessageContaining("no number in the paper's cell");
  }

  @Test
  void should_put_each_caption_under_its_figure_in_both_pages() {
    ExperimentReport report = new ExperimentReport("x", "X", List.of(new ExperimentReport.Section("c",
        new TextTable("a"))), List.of(new Figure("f.png", "f.svg", "It shows <this>.")), "notes", null);
    assertThat(report.markdown()).contains("![It shows <this>.](f.png)").contains("*It shows <this>.* ([SVG](f.svg))");
    assertThat(report.html()).contains("<img src=\"f.png\"").contains("<figcaption>It shows &lt;this&gt;.</figcaption>")
        .contains("<a href=\"f.svg\">");
  }
}
