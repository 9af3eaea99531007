package dev.memloop.cli;

import dev.memloop.cli.command.Options;
import dev.memloop.mcp.JournaledMemory;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code memloop memory repair --data DIR}: every whole record of each journal kept, the rest dropped and said. */
@Command(name = "repair", mixinStandardHelpOptions = true,
    description = {"Repairs the journals of a data directory that memloop mcp refused as damaged: keeps every whole "
        + "record of each (its checksum holding), drops damaged stretches and a torn last record, and prints what it "
        + "dropped, byte range by byte range. A damaged journal's bytes as they were stay beside it as "
        + "NAME.journal.damaged (delete it once the repaired one serves what you expect); a whole journal is left as "
        + "it is. Refused while a server holds the directory."})
final class MemoryRepairCommand implements Callable<Integer> {

  @CommandLine.Spec
  private CommandLine.Model.CommandSpec spec;

  @Option(names = "--data", required = true, paramLabel = "DIR", description = "The data directory.")
  private Path data;

  @Override
  public Integer call() {
    Options.require(spec, Files.isDirectory(data), "--data " + data + ": not a directory");
    List<JournaledMemory.Repaired> repaired = JournaledMemory.repair(data);
    PrintWriter out = spec.commandLine().getOut();
    if (repaired.isEmpty()) {
      out.println("no journal in " + data);
    }
    for (JournaledMemory.Repaired r : repaired) {
      if (r.dropped().isEmpty()) {
        out.println(r.file() + ": whole, " + r.kept() + " records; left as it is");
        continue;
      }
      out.println(r.file() + ": kept " + r.kept() + " records, " + r.bytesBefore() + " -> " + r.bytesAfter()
          + " bytes; dropped:");
      for (String dropped : r.dropped()) {
        out.println("  " + dropped);
      }
      out.println("  the file as it was: " + r.file() + ".damaged");
    }
    out.flush();
    return 0;
  }
}
