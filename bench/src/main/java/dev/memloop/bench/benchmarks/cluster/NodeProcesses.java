package dev.memloop.bench.benchmarks.cluster;

import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Node processes on loopback: each runs {@code memloop node} from the same jar with this JVM's flags (the
 * vector module, the ForkJoinPool size, Pekko's Unsafe access on newer JDKs), its output in a log file. Each runs
 * with {@code --exit-with-parent} and this JVM holding its standard input: if this JVM dies, however it dies, its
 * nodes leave and exit instead of running on as orphans.
 */
final class NodeProcesses implements AutoCloseable {

  /** Where the nodes' logs go; null: temporary files, deleted on close. */
  private final Path logDir;
  private final List<Process> processes = new ArrayList<>();
  private final List<Integer> ports = new ArrayList<>();
  private final List<List<String>> commands = new ArrayList<>();
  private final List<File> logs = new ArrayList<>();

  /** Logs in temporary files, deleted on close. */
  NodeProcesses() {
    this(null);
  }

  /** @param logDir where each node's log is kept ({@code node-PORT.log}), as part of a run's results */
  NodeProcesses(Path logDir) {
    this.logDir = logDir;
  }

  int start(int seedPort, long seed, List<String> extraProperties) throws IOException {
    return start(seedPort, seed, extraProperties, null);
  }

  /** A node on a free port; with {@code dataDir}, its agents' snapshots kept there ({@code --data-dir}). */
  int start(int seedPort, long seed, List<String> extraProperties, Path dataDir) throws IOException {
    int port = freePort();
    List<String> command = new ArrayList<>();
    command.add(ProcessHandle.current().info().command().orElse("java"));
    command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
    command.addAll(extraProperties);
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add("dev.memloop.cli.Main");
    command.addAll(List.of("node", "--role", "agents", "--port", Integer.toString(port), "--seed", Long.toString(seed),
        "--exit-with-parent"));
    if (seedPort > 0) {
      command.addAll(List.of("--seeds", "127.0.0.1:" + seedPort));
    }
    if (dataDir != null) {
      command.addAll(List.of("--data-dir", dataDir.toString()));
    }
    File log;
    if (logDir == null) {
      log = File.createTempFile("memloop-node-" + port + "-", ".log");
    } else {
      java.nio.file.Files.createDirectories(logDir);
      log = logDir.resolve("node-" + port + ".log").toFile();
    }
    logs.add(log);
    processes.add(new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log).start());
    ports.add(port);
    commands.add(command);
    return port;
  }

  /** Node {@code index} started again as it was first (same port, seeds and data directory), after a kill. */
  void restart(int index) throws IOException {
    if (processes.get(index).isAlive()) {
      throw new IllegalStateException("node " + ports.get(index) + " is still running");
    }
    processes.set(index, new ProcessBuilder(commands.get(index)).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(logs.get(index))).start());
  }

  int size() {
    return processes.size();
  }

  /** Node {@code index}'s process (its standard input is this JVM's to hold, or to close). */
  Process process(int index) {
    return processes.get(index);
  }

  List<Integer> ports() {
    return List.copyOf(ports);
  }

  /** Kills node {@code index} as a crash would: no leave, no shutdown hooks. */
  void kill(int index) throws InterruptedException {
    Process p = processes.get(index);
    p.descendants().forEach(ProcessHandle::destroyForcibly);
    p.destroyForcibly();
    p.waitFor();
  }

  @Override
  public void close() {
    for (Process p : processes) {
      p.destroy(); // SIGTERM: a graceful leave
    }
    for (Process p : processes) {
      try {
        if (!p.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)) {
          p.destroyForcibly();
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        p.destroyForcibly();
      }
    }
    if (logDir == null) {
      logs.forEach(File::delete); // the nodes' logs are not left to pile up in the temporary directory
    }
  }

  static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }

  static Path jar() {
    return Path.of(System.getProperty("java.class.path").split(File.pathSeparator)[0]);
  }
}
