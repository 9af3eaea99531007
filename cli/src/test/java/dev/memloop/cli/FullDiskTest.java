package dev.memloop.cli;

import dev.memloop.cli.command.Failures;
import static org.assertj.core.api.Assertions.assertThat;

import dev.memloop.cli.report.RunDirectory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fleet writing its results onto a disk that fills up, for real: a tmpfs of a few KiB mounted for the test. The
 * run ends with one line naming the file and the cause, exit code 1, and leaves only whole files: no truncated
 * {@code agents.json} (before: 61,440 bytes of invalid JSON), no empty {@code run.json}, no temporary file, and no
 * completion marker. Mounting needs root (CI runs as root); elsewhere the test is skipped and says why, and
 * {@code RunDirectoryTest} still covers a write that fails half way.
 */
class FullDiskTest {

  @TempDir
  Path dir;

  private Path disk;

  @BeforeEach
  void mountATinyDisk() throws Exception {
    disk = dir.resolve("disk");
    Files.createDirectories(disk);
    Process mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=12k", "tmpfs", disk.toString())
        .redirectErrorStream(true).start();
    boolean ended = mount.waitFor(30, TimeUnit.SECONDS);
    String said = new String(mount.getInputStream().readAllBytes());
    Assumptions.assumeTrue(ended && mount.exitValue() == 0, "cannot mount a tmpfs here (needs root): " + said);
  }

  @AfterEach
  void unmount() throws Exception {
    new ProcessBuilder("umount", disk.toString()).inheritIO().start().waitFor(30, TimeUnit.SECONDS);
  }

  @Test
  void should_say_the_disk_is_full_and_leave_no_truncated_results() throws Exception {
    CliRun run = CliRun.of("fleet", "--agents", "50", "--policy", "per-step", "--embedder", "hashing", "--warmup",
        "0", "--no-progress", "--out", disk.toString());
    assertRanOutOfSpace(run, "agents.json");
    Path results = only(disk);
    assertThat(names(results)).as("run.json whole, agents.json never half written").containsExactly("run.json");
    assertThat(RunDirectory.JSON.readTree(results.resolve("run.json").toFile()).path("command").asText())
        .isEqualTo("memloop fleet");
  }

  @Test
  void should_leave_no_empty_run_json_when_even_it_does_not_fit() throws Exception {
    long free = Files.getFileStore(disk).getUsableSpace();
    Files.write(disk.resolve("filler"), new byte[(int) Math.max(0, free - 256)]);
    CliRun run = CliRun.of("fleet", "--agents", "2", "--policy", "per-step", "--embedder", "hashing", "--warmup",
        "0", "--no-progress", "--out", disk.toString());
    assertRanOutOfSpace(run, "run.json");
    try (Stream<Path> entries = Files.list(disk)) {
      for (Path entry : entries.filter(Files::isDirectory).toList()) {
        assertThat(names(entry)).as("no empty or truncated run.json in " + entry).isEmpty();
      }
    }
  }

  private static void assertRanOutOfSpace(CliRun run, String file) {
    String shown = run.out() + run.err();
    assertThat(run.exitCode()).as(shown).isEqualTo(Failures.FAILED);
    assertThat(run.err().lines().filter(l -> l.startsWith("memloop")).toList()).as(shown).singleElement()
        .asString().contains("No space left on device").contains(file);
    assertThat(run.err()).as("no stack trace without --verbose").doesNotContain("\tat ");
  }

  private static Path only(Path root) throws IOException {
    try (Stream<Path> entries = Files.list(root)) {
      return entries.filter(Files::isDirectory).findFirst().orElseThrow();
    }
  }

  private static List<String> names(Path results) throws IOException {
    try (Stream<Path> files = Files.list(results)) {
      return files.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }
}
