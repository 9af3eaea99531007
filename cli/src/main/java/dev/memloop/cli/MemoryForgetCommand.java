package dev.memloop.cli;

import dev.memloop.auth.Principal;
import dev.memloop.cli.command.Options;
import dev.memloop.mcp.DataDirectory;
import dev.memloop.mcp.JournaledMemory;
import dev.memloop.memory.MemoryKind;
import dev.memloop.memory.MetadataFilter;
import dev.memloop.memory.WorkingMemory;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code memloop memory forget --data DIR}: erasure on disk, with no server running. Either a principal's whole
 * partition ({@code --principal P} alone: every {@code NAME@P.journal} deleted), or items of one memory: those
 * {@code --id} names, every version of {@code --subject}, and those {@code --author} and every {@code --where KEY=VALUE}
 * match together; each removal journaled and the journal rewritten without them, as a server's forget does. What is gone is gone from every file under DIR
 * ({@code memloop memory audit} checks); an export or a backup made before is not under DIR, and is the user's to
 * delete.
 */
@Command(name = "forget", mixinStandardHelpOptions = true,
    description = {"Forgets on disk, with no server running: --principal P alone deletes every journal of that "
        + "principal (DIR/NAME@P.journal: a user erased); otherwise, in --memory, the items --id names, every version "
        + "of --subject, and the items whose author is --author and whose metadata holds every --where KEY=VALUE are "
        + "removed, and the journal rewritten without them. "
        + "Check with memloop memory audit --data DIR --text T. Refused while a server holds the directory."})
final class MemoryForgetCommand implements Callable<Integer> {

  @CommandLine.Spec
  private CommandLine.Model.CommandSpec spec;

  @Option(names = "--data", required = true, paramLabel = "DIR", description = "The data directory.")
  private Path data;

  @Option(names = "--memory", paramLabel = "NAME", description = "The memory to forget in (DIR/NAME.journal; with "
      + "--principal, that principal's DIR/NAME@P.journal).")
  private String memory;

  @Option(names = "--principal", paramLabel = "P", description = "A principal (memloop mcp --auth token|oauth): "
      + "alone, every journal of theirs is deleted; with criteria, forget in their memory only.")
  private String principal;

  @Option(names = "--id", paramLabel = "ID", description = "An item's id (repeatable).")
  private List<String> ids = new ArrayList<>();

  @Option(names = "--subject", paramLabel = "S", description = "Every version of the subject S.")
  private String subject;

  @Option(names = "--author", paramLabel = "A", description = "Every item written by A.")
  private String author;

  @Option(names = "--where", paramLabel = "KEY=VALUE", description = "Items whose metadata KEY is the text VALUE "
      + "(repeatable; all must hold).")
  private List<String> where = new ArrayList<>();

  @Override
  public Integer call() throws IOException {
    Options.require(spec, Files.isDirectory(data), "--data " + data + ": no such directory");
    boolean criteria = !ids.isEmpty() || subject != null || author != null || !where.isEmpty();
    Options.require(spec, principal == null || !principal.isBlank(), "--principal must not be blank");
    if (principal != null && !criteria) {
      return erase(Principal.fileName(principal));
    }
    Options.require(spec, criteria, "say what to forget: --id, --subject, --author or --where KEY=VALUE (or "
        + "--principal P alone, to erase a principal)");
    Options.require(spec, memory != null, "--memory NAME is needed with --id, --subject, --author or --where");
    MetadataFilter filter = Options.valid(spec, this::filter);
    String name = principal == null ? memory : memory + "@" + Principal.fileName(principal);
    Path journal = data.resolve(name + ".journal");
    Options.require(spec, Files.isRegularFile(journal), "--memory " + memory + ": no journal " + journal);
    int dimension = Options.valid(spec, () -> JournaledMemory.dimension(data, name));
    int forgotten = 0;
    DataDirectory.Hold hold = Options.valid(spec, this::hold); // a server's directory: refused by name, not a trace
    try (JournaledMemory kept = Options.valid(spec, () -> JournaledMemory.open(data, name,
        WorkingMemory.builder(dimension).threadSafe().build()))) {
      for (String id : ids) {
        forgotten += kept.remove(id) ? 1 : 0;
      }
      if (subject != null) {
        forgotten += kept.removeSubject(subject);
      }
      if (filter != null) {
        forgotten += kept.removeAll(filter);
      }
    } finally {
      hold.release();
    }
    spec.commandLine().getOut().println("forgot " + forgotten + " item" + (forgotten == 1 ? "" : "s") + " of " + name
        + " in " + data + (forgotten > 0 ? "; its journal was rewritten without them" : ""));
    spec.commandLine().getOut().flush();
    return 0;
  }

  /** This process's hold on the directory, or the refusal that names the server holding it. */
  private DataDirectory.Hold hold() {
    try {
      return DataDirectory.hold(data);
    } catch (DataDirectory.InUseException e) {
      throw new IllegalArgumentException("--data " + data + ": " + e.getMessage(), e);
    }
  }

  /** The --author and --where criteria as one filter (null when neither is given). */
  private MetadataFilter filter() {
    MetadataFilter filter = author == null ? null : MetadataFilter.eq(MemoryKind.AUTHOR_KEY, author);
    for (String condition : where) {
      int eq = condition.indexOf('=');
      if (eq <= 0) {
        throw new IllegalArgumentException("--where must be KEY=VALUE: '" + condition + "'");
      }
      MetadataFilter one = MetadataFilter.eq(condition.substring(0, eq), condition.substring(eq + 1));
      filter = filter == null ? one : filter.and(one);
    }
    return filter;
  }

  /** Deletes every {@code NAME@P.journal} (and a rewrite's leftover) of the principal whose file name is given. */
  private int erase(String principalFile) throws IOException {
    List<Path> deleted = new ArrayList<>();
    try (DirectoryStream<Path> files = Files.newDirectoryStream(data)) {
      for (Path file : files) {
        String fileName = file.getFileName().toString();
        int at = fileName.lastIndexOf('@');
        String stem = at < 0 ? "" : fileName.substring(at + 1);
        if (at > 0 && (memory == null || fileName.startsWith(memory + "@"))
            && (stem.equals(principalFile + ".journal") || stem.startsWith(principalFile + ".journal."))) {
          deleted.add(file);
        }
      }
    }
    Options.require(spec, !deleted.isEmpty(), "--principal " + principal + ": no journal of theirs in " + data);
    DataDirectory.Hold hold = Options.valid(spec, this::hold);
    try {
      for (Path file : deleted) {
        Files.delete(file);
      }
    } finally {
      hold.release();
    }
    spec.commandLine().getOut().println("erased " + principal + ": deleted " + deleted.size() + " journal"
        + (deleted.size() == 1 ? "" : "s") + " in " + data + " (" + String.join(", ", deleted.stream()
        .map(p -> p.getFileName().toString()).toList()) + ")");
    spec.commandLine().getOut().flush();
    return 0;
  }
}
