package dev.memloop.bench.report;

import dev.memloop.cli.report.RunDirectory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A process that rewrites {@code agents.json} (about 2 MB) in a loop and says each version it finished, so that
 * {@link KillMidWriteTest} can kill it with SIGKILL while it is writing. Its own JVM, started by the test.
 */
public final class WriteForever {

  private WriteForever() {}

  public static void main(String[] args) throws Exception {
    RunDirectory run = RunDirectory.create(Path.of(args[0]), "kill");
    System.out.println("dir " + run.path());
    System.out.flush();
    List<String> padding = new ArrayList<>();
    for (int i = 0; i < 40_000; i++) {
      padding.add("agent-" + i + " investigated host=web-" + i);
    }
    for (long version = 1; ; version++) {
      run.writeJson("agents.json", Map.of("version", version, "agents", padding));
      System.out.println("wrote " + version);
      System.out.flush();
    }
  }
}
