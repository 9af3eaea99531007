package dev.memloop.cli;

import java.io.IOException;
import java.io.InputStream;
import org.apache.pekko.actor.typed.ActorSystem;

/**
 * Stops a node whose parent is gone. The parent keeps the write end of the node's standard input open and never
 * writes; when the parent exits, however it exits (SIGKILL included), the operating system closes that pipe and
 * the read here returns end of stream. Then the node leaves the cluster the ordinary way (its actor system's
 * coordinated shutdown) and the JVM exits.
 */
final class ParentWatchdog {

  private ParentWatchdog() {}

  static void start(ActorSystem<?> system, InputStream stdin) {
    Thread watchdog = new Thread(() -> {
      try {
        while (stdin.read() != -1) {
          // the parent writes nothing; anything written is ignored
        }
      } catch (IOException closed) {
        // a broken pipe is the parent gone too
      }
      system.log().warn("memloop node: the process that started it is gone (its standard input closed); leaving");
      system.terminate();
    }, "memloop-parent-watchdog");
    watchdog.setDaemon(true);
    watchdog.start();
  }
}
