package dev.memloop.bench.cli.mcpsoak;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One {@code memloop mcp --data DIR} the soak serves and kills: over streamable HTTP (a process the harness starts,
 * on one loopback port kept across restarts) or over stdio (a process its one client starts, through a shell that
 * writes the process's pid first, so that the harness can kill it). Either runs under a file-size limit when one is
 * set ({@code prlimit --fsize}: the journal's appends fail past it, as on a full disk). Not thread-safe: the harness's
 * thread starts and kills, between the gate's close and open.
 */
final class SoakServer {

  /** How a server is spoken to. */
  enum Transport { HTTP, STDIO }

  static final String MEMORY = "notes";
  private static final Pattern SERVING = Pattern.compile("over MCP at (http://\\S+/mcp)");
  private static final Duration START = Duration.ofMinutes(2);

  private final Transport transport;
  private final Path data;
  private final List<String> memloop;
  private final String embedder;
  private final Path pidFile;
  private final Path log;
  private long fileSizeLimit;
  private int port;
  private volatile String url;
  private Process http;

  /**
   * @param memloop how to start {@code memloop} (java, its options, class path and main class)
   * @param work where the server's pid file and log go
   */
  SoakServer(Transport transport, Path data, List<String> memloop, String embedder, Path work) throws IOException {
    this.transport = transport;
    this.data = Files.createDirectories(data);
    this.memloop = List.copyOf(memloop);
    this.embedder = embedder;
    String name = transport.name().toLowerCase(java.util.Locale.ROOT);
    this.pidFile = work.resolve(name + ".pid");
    this.log = work.resolve(name + "-server.log");
  }

  Transport transport() {
    return transport;
  }

  Path data() {
    return data;
  }

  /** The journal the clients' notes go to. */
  Path journal() {
    return data.resolve(MEMORY + ".journal");
  }

  /** The URL HTTP clients connect to (null before the first start). */
  String url() {
    return url;
  }

  /** The limit the next start runs under, in bytes; 0 for none. */
  void limitFileSize(long bytes) {
    fileSizeLimit = bytes;
  }

  /** {@code memloop mcp} on this directory, under the file-size limit if one is set. */
  List<String> command(String... more) {
    List<String> command = new ArrayList<>();
    if (fileSizeLimit > 0) {
      command.addAll(List.of("prlimit", "--fsize=" + fileSizeLimit));
    }
    command.addAll(memloop);
    command.addAll(List.of("mcp", "--memory", MEMORY, "--embedder", embedder, "--data", data.toString()));
    command.addAll(List.of(more));
    return command;
  }

  /** What a stdio client starts: the server, through a shell that writes its pid (exec keeps the pid). */
  List<String> stdioCommand() throws IOException {
    Files.deleteIfExists(pidFile);
    List<String> command = new ArrayList<>(List.of("sh", "-c", "echo $$ > \"$0\"; exec \"$@\"", pidFile.toString()));
    command.addAll(command());
    return command;
  }

  /**
   * Starts the HTTP server and waits for its address.
   *
   * @throws IOException when it did not start (its log says why)
   */
  void startHttp() throws IOException, InterruptedException {
    String address = "127.0.0.1:" + port;
    Process process = new ProcessBuilder(command("--http", address)).redirectError(ProcessBuilder.Redirect
        .appendTo(log.toFile())).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
    String found = served(process);
    if (found == null && port != 0) { // the port kept across restarts is taken: any free one
      process.waitFor(30, TimeUnit.SECONDS);
      port = 0;
      startHttp();
      return;
    }
    if (found == null) {
      process.destroyForcibly();
      throw new IOException("memloop mcp --http did not start (exit " + (process.waitFor(30, TimeUnit.SECONDS)
          ? process.exitValue() : "none") + "); see " + log);
    }
    url = found;
    port = java.net.URI.create(found).getPort();
    http = process;
  }

  /** The URL the process prints once it serves; null when it ends first. */
  private static String served(Process process) throws IOException {
    BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    long deadline = System.nanoTime() + START.toNanos();
    for (String line = out.readLine(); line != null && System.nanoTime() < deadline; line = out.readLine()) {
      Matcher m = SERVING.matcher(line);
      if (m.find()) {
        Thread drain = new Thread(() -> drain(out), "memloop-soak-http-out");
        drain.setDaemon(true);
        drain.start();
        return m.group(1);
      }
    }
    return null;
  }

  private static void drain(BufferedReader out) {
    try {
      while (out.readLine() != null) {
        // the server prints nothing more a soak reads; its pipe must not fill
      }
    } catch (IOException closed) {
      // the process ended
    }
  }

  /** The pid of the running server, or -1 when none runs. */
  long pid() throws IOException {
    if (transport == Transport.HTTP) {
      return http != null && http.isAlive() ? http.pid() : -1;
    }
    if (!Files.exists(pidFile)) {
      return -1;
    }
    String written = Files.readString(pidFile).strip();
    return written.isEmpty() ? -1 : Long.parseLong(written);
  }

  /**
   * Kills the server with SIGKILL and waits until it is gone.
   *
   * @return whether one was running
   */
  boolean kill() throws IOException, InterruptedException {
    long pid = pid();
    if (pid < 0) {
      return false;
    }
    java.util.Optional<ProcessHandle> handle = ProcessHandle.of(pid);
    if (handle.isEmpty()) {
      return false;
    }
    handle.get().destroyForcibly();
    try {
      handle.get().onExit().get(1, TimeUnit.MINUTES);
    } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
      throw new IOException("process " + pid + " did not end after SIGKILL", e);
    }
    return true;
  }

  /** Stops an HTTP server as a user does (SIGTERM: its shutdown hook closes the journal). */
  void stop() throws InterruptedException {
    if (http != null) {
      http.destroy();
      if (!http.waitFor(1, TimeUnit.MINUTES)) {
        http.destroyForcibly();
      }
    }
  }
}
