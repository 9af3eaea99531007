package dev.memloop.cli.serve;

import java.net.BindException;

/**
 * A port in use, refused before Pekko tries it: Pekko's listeners (HTTP's and Artery's) log a bind failure as an ERROR
 * with its stack trace before the bind fails, and the user would see that above the one-line error. (A port taken
 * between this check and the bind still fails the bind, with that log.) Stateless.
 */
public final class Ports {

  private Ports() {}

  /**
   * @param flag the flag the address came from, named in the refusal
   * @throws IllegalArgumentException naming the flag and the address when {@code host:port} is taken; port 0 (any
   *     free one) is never refused
   */
  public static void refuseTaken(String host, int port, String flag) {
    if (port == 0) {
      return;
    }
    try (java.net.ServerSocket probe = new java.net.ServerSocket()) {
      probe.bind(new java.net.InetSocketAddress(host, port));
    } catch (BindException e) {
      throw new IllegalArgumentException(flag + " " + host + ":" + port + ": cannot bind (" + why(e) + ")");
    } catch (java.io.IOException e) {
      // not a taken port (an unresolvable host, say): the bind itself reports it
    }
  }

  /** Why a bind failed, in words (Pekko wraps the socket's own exception); null when no bind failure is among the causes. */
  public static String why(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof BindException bind) {
        String message = String.valueOf(bind.getMessage());
        return message.contains("in use") ? "the port is in use; choose another, or 0 for any free one"
            : "the address is not one of this machine's";
      }
    }
    return null;
  }
}
