package dev.memloop.bench.cli.mcpsoak;

import dev.memloop.cli.report.Directories;
import dev.memloop.mcp.JournaledMemory;
import dev.memloop.memory.MemoryItem;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.runtime.config.EmbedderNames;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * {@code memloop soak --mcp}: MCP clients over streamable HTTP and over stdio write, forget and recall against
 * {@code memloop mcp --data} while the harness, every {@code faultEvery}, kills both servers with SIGKILL. Rounds
 * come in threes: the first also corrupts a bit, at random, of a copy of a journal and starts a server on the copy;
 * the second runs the servers under a file-size limit just above their journals (the appends fail, as on a full
 * disk); the third is the kill alone.
 * After each fault it audits both journals against what every client was told ({@link Ledger}): every acknowledged
 * write present, once, with its text; every refused one and every forgotten one absent. Each round it also starts a
 * second server on a directory the first one holds, which must be refused. The run ends with a clean stop (the
 * clients close, SIGTERM) and a last audit.
 *
 * <p>Over 300 lines for one reason: a round's faults and the audit after each are one schedule, read in one place.
 */
public final class McpSoak {

  /** What to run. */
  public record Settings(Duration duration, Duration faultEvery, int httpClients, long seed, String embedder,
      List<String> memloop, Path work) {}

  /** One audit's counts, per directory and fault. */
  public record AuditRecord(int round, String transport, String after, long saved, long found, long lost,
      long duplicated, long changed, long refused, long refusedPresent, long forgotten, long forgottenPresent,
      long decidedPresent, long decidedAbsent) {}

  /** The whole run. */
  public record Result(long seconds, int rounds, long kills, int diskFullRounds, long acknowledged, long saves,
      long refusedSaves, long refusedForgets, long forgets, long recalls, long recallMisses, long failedCalls, long unexpectedAnswers,
      int audits, long violations, int corruptions, int damagedStartsRefused, int silentStarts, long repairKept,
      long repairDropped, int secondWritersRefused, int secondWritersAdmitted, List<AuditRecord> lastAudits,
      List<String> firstFailedCalls, List<String> problems) {

    /** Nothing acknowledged lost, nothing refused kept, no damaged file served, no second writer admitted. */
    public boolean nothingLost() {
      return violations == 0 && silentStarts == 0 && secondWritersAdmitted == 0 && problems.isEmpty();
    }
  }

  /** How far above a journal's size a full-disk round's file-size limit sits. */
  static final long DISK_LEFT = 16 << 10;
  private static final Duration PARK = Duration.ofMinutes(3);
  private static final int MOST_PROBLEMS = 50;

  private final Settings settings;
  private final PrintWriter console;
  private final SplittableRandom random;
  private final List<String> problems = new ArrayList<>();
  private final List<AuditRecord> audits = new ArrayList<>();
  private long violations;
  private int corruptions;
  private int damagedRefused;
  private int silentStarts;
  private long repairKept;
  private long repairDropped;
  private int secondRefused;
  private int secondAdmitted;

  private McpSoak(Settings settings, PrintWriter console) {
    this.settings = settings;
    this.console = console;
    this.random = new SplittableRandom(settings.seed());
  }

  /** Runs the soak; {@code console} gets a line per round. */
  public static Result run(Settings settings, PrintWriter console) throws IOException, InterruptedException {
    return new McpSoak(settings, console).run();
  }

  private Result run() throws IOException, InterruptedException {
    long started = System.nanoTime();
    // the clients' SDK logs each call a fault cut, with its trace: the soak counts them instead (no server runs here)
    ((ch.qos.logback.classic.Logger) org.slf4j.LoggerFactory.getLogger("io.modelcontextprotocol"))
        .setLevel(ch.qos.logback.classic.Level.OFF);
    SoakServer http = new SoakServer(SoakServer.Transport.HTTP, settings.work().resolve("http-data"),
        settings.memloop(), settings.embedder(), settings.work());
    SoakServer stdio = new SoakServer(SoakServer.Transport.STDIO, settings.work().resolve("stdio-data"),
        settings.memloop(), settings.embedder(), settings.work());
    Ledger httpNotes = new Ledger();
    Ledger stdioNotes = new Ledger();
    Gate gate = new Gate(settings.httpClients() + 1);
    SoakClient.Counts counts = new SoakClient.Counts();
    List<SoakClient> clients = new ArrayList<>();
    List<Thread> threads = new ArrayList<>();
    for (int i = 0; i <= settings.httpClients(); i++) {
      boolean overStdio = i == settings.httpClients();
      SoakClient client = new SoakClient(overStdio ? "stdio" : "http" + i, overStdio ? stdio : http,
          overStdio ? stdioNotes : httpNotes, gate, counts, settings.seed() * 31 + i);
      Thread thread = new Thread(client, "memloop-soak-client-" + i);
      thread.setDaemon(true);
      thread.start();
      clients.add(client);
      threads.add(thread);
    }
    long kills = 0;
    int rounds = 0;
    int diskFull = 0;
    long end = started + settings.duration().toNanos();
    try {
      // a round is at least half a fault interval of calls: a run's last moments start none
      while (rounds == 0 || end - System.nanoTime() > settings.faultEvery().toNanos() / 2) {
        rounds++;
        boolean full = rounds % 3 == 2;
        diskFull += full ? 1 : 0;
        for (SoakServer server : List.of(http, stdio)) {
          server.limitFileSize(full ? size(server.journal()) + DISK_LEFT : 0);
        }
        http.startHttp();
        secondWriter(http);
        gate.open();
        Thread.sleep(Math.min(settings.faultEvery().toMillis(), Math.max(1, (end - System.nanoTime()) / 1_000_000)));
        gate.faulting();
        kills += (http.kill() ? 1 : 0) + (stdio.kill() ? 1 : 0);
        clients.forEach(SoakClient::abort);
        park(gate);
        String after = full ? "SIGKILL after a full disk" : "SIGKILL";
        audit(rounds, http, httpNotes, after);
        audit(rounds, stdio, stdioNotes, after);
        if (rounds % 3 == 1) {
          boolean overHttp = random.nextBoolean();
          corrupt(overHttp ? http : stdio, overHttp ? httpNotes : stdioNotes, rounds);
        }
        console.printf(Locale.ROOT, "round %d (%s): %,d saves acknowledged, %,d refused, %,d forgotten; %d problems%n",
            rounds, after, counts.saves.sum(), counts.refusedSaves.sum(), counts.forgets.sum(), problems.size());
        console.flush();
      }
      // a clean stop: the clients close (the stdio server ends with its input), the HTTP server is sent SIGTERM
      for (SoakServer server : List.of(http, stdio)) {
        server.limitFileSize(0);
      }
      http.startHttp();
      gate.open();
      Thread.sleep(Math.min(2_000, settings.faultEvery().toMillis()));
      park(gate);
      http.stop();
      audit(rounds, http, httpNotes, "a clean stop");
      audit(rounds, stdio, stdioNotes, "a clean stop");
    } finally {
      gate.stop();
      http.kill();
      stdio.kill();
      for (Thread thread : threads) {
        thread.join(TimeUnit.MINUTES.toMillis(1));
      }
    }
    for (SoakClient client : clients) {
      if (client.broken() != null) {
        problem("a client broke: " + client.broken());
      }
    }
    List<AuditRecord> last = audits.subList(Math.max(0, audits.size() - 2), audits.size());
    return new Result(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started), rounds, kills, diskFull,
        httpNotes.acknowledged() + stdioNotes.acknowledged(), counts.saves.sum(), counts.refusedSaves.sum(),
        counts.refusedForgets.sum(), counts.forgets.sum(), counts.recalls.sum(), counts.recallMisses.sum(), counts.failedCalls.sum(),
        counts.unexpected.sum(), audits.size(), violations, corruptions, damagedRefused, silentStarts, repairKept,
        repairDropped, secondRefused, secondAdmitted, List.copyOf(last), List.copyOf(counts.firstFailures),
        List.copyOf(problems));
  }

  private void park(Gate gate) throws InterruptedException {
    if (!gate.close(PARK)) {
      problem("the clients did not stop calling within " + PARK.toMinutes() + " minutes of the gate closing");
    }
  }

  private static long size(Path file) throws IOException {
    return Files.exists(file) ? Files.size(file) : 0;
  }

  /** Opens the journal as the next start would (in this process), and audits it against what the clients heard. */
  private void audit(int round, SoakServer server, Ledger notes, String after) throws IOException,
      InterruptedException {
    awaitGone(server);
    List<MemoryItem> items;
    try {
      items = replay(server.data());
    } catch (RuntimeException refused) {
      problem("round " + round + ": the " + server.transport() + " journal, undamaged, was refused: "
          + refused.getMessage());
      return;
    }
    Ledger.Audit a = notes.audit(items);
    violations += a.violations();
    if (a.violations() > 0) {
      problem(String.format(Locale.ROOT, "round %d, %s journal after %s: %d lost, %d duplicated, %d changed, %d "
          + "refused present, %d forgotten present, %d decided absent present", round, server.transport(), after,
          a.lost(), a.duplicated(), a.changed(), a.refusedPresent(), a.forgottenPresent(), a.absentPresent()));
    }
    audits.add(new AuditRecord(round, server.transport().name().toLowerCase(Locale.ROOT), after, a.saved(), a.found(),
        a.lost(), a.duplicated(), a.changed(), a.refused(), a.refusedPresent(), a.forgotten(), a.forgottenPresent(),
        a.decidedPresent(), a.decidedAbsent()));
  }

  private List<MemoryItem> replay(Path data) {
    WorkingMemory empty = WorkingMemory.builder(EmbedderNames.resolve(settings.embedder())).build();
    try (JournaledMemory journal = JournaledMemory.open(data, SoakServer.MEMORY, empty)) {
      return journal.items();
    }
  }

  /** Waits until the server's process has ended (a stdio server ends once its client closed its input). */
  private static void awaitGone(SoakServer server) throws IOException, InterruptedException {
    long pid = server.pid();
    java.util.Optional<ProcessHandle> handle = pid < 0 ? java.util.Optional.empty() : ProcessHandle.of(pid);
    if (handle.isPresent()) {
      try {
        handle.get().onExit().get(1, TimeUnit.MINUTES);
      } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
        server.kill();
      }
    }
  }

  /**
   * Flips one bit, at random, of a copy of {@code server}'s journal and starts a server on the copy: it must refuse
   * (exit 2, naming the damage). Then repairs the copy and counts what the repair kept and dropped of the notes
   * acknowledged (the damaged record's, at most; nothing may come back changed).
   */
  private void corrupt(SoakServer server, Ledger notes, int round) throws IOException, InterruptedException {
    Path copy = settings.work().resolve("damaged-copy");
    Directories.deleteTree(copy);
    Files.createDirectories(copy);
    Path journal = copy.resolve(SoakServer.MEMORY + ".journal");
    Files.copy(server.journal(), journal);
    byte[] bytes = Files.readAllBytes(journal);
    int at = random.nextInt(bytes.length);
    int bit = random.nextInt(8);
    bytes[at] ^= (byte) (1 << bit);
    Files.write(journal, bytes);
    corruptions++;
    List<String> command = new ArrayList<>(settings.memloop());
    command.addAll(List.of("mcp", "--memory", SoakServer.MEMORY, "--embedder", settings.embedder(), "--data",
        copy.toString()));
    Process start = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(new java.io.File(
        "/dev/null"))).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    String err = new String(start.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    boolean ended = start.waitFor(2, TimeUnit.MINUTES);
    String where = "round " + round + ": bit " + bit + " of byte " + at + " of " + bytes.length + " flipped in a copy "
        + "of the " + server.transport() + " journal";
    if (!ended) {
      start.destroyForcibly();
      problem(where + ": the server neither refused nor ended");
    } else if (start.exitValue() == 0) {
      silentStarts++;
      problem(where + ": served without a word");
    } else if (start.exitValue() == 2 && err.contains(journal.toString())) {
      damagedRefused++;
    } else {
      problem(where + ": exit " + start.exitValue() + " (" + err.strip() + ")");
    }
    try {
      JournaledMemory.repair(copy);
      Ledger.Audit a = notes.check(replay(copy));
      repairKept += a.found();
      repairDropped += a.lost();
      if (a.changed() + a.duplicated() + a.refusedPresent() + a.forgottenPresent() > 0) {
        problem(where + ": the repaired copy holds a changed, doubled, refused or forgotten note");
      }
    } catch (RuntimeException unrepairable) { // a header no repair can read: nothing was served from it either
      problem(where + ": the copy could not be repaired: " + unrepairable.getMessage());
    }
    Directories.deleteTree(copy);
  }

  /** Starts a second server on {@code server}'s directory while it runs: it must be refused, naming the first. */
  private void secondWriter(SoakServer server) throws IOException, InterruptedException {
    Process second = new ProcessBuilder(server.command()).redirectInput(ProcessBuilder.Redirect.from(
        new java.io.File("/dev/null"))).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    String err = new String(second.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    if (second.waitFor(2, TimeUnit.MINUTES) && second.exitValue() == 1
        && err.contains("is in use by process " + server.pid())) {
      secondRefused++;
    } else {
      secondAdmitted++;
      second.destroyForcibly();
      problem("a second server on " + server.data() + " was not refused: " + err.strip());
    }
  }

  private void problem(String what) {
    if (problems.size() < MOST_PROBLEMS) {
      problems.add(what);
    }
    console.println("problem: " + what);
    console.flush();
  }
}
