package dev.memloop.cli.serve;

import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * Where {@code --serve} binds: a host and a port, as {@code HOST:PORT} ({@code [::1]:9464} for an IPv6 literal).
 * Loopback unless the user says otherwise: a fleet's metrics name its groups and its hosts' load, and nothing
 * else on the network should read them by accident.
 */
public record ServeAddress(String host, int port) {

  /**
   * @param flag the flag the value came from, named in every refusal
   * @param anyAddress whether a non-loopback address is allowed (by the flag's {@code -public} twin: {@code --serve}'s
   *     {@code --serve-public}, {@code --http}'s {@code --http-public}, the one the refusal names)
   * @throws IllegalArgumentException naming the flag and the value: not HOST:PORT, a port outside [0, 65535], a host
   *     that does not resolve, or a non-loopback host without {@code anyAddress}
   */
  public static ServeAddress parse(String value, String flag, boolean anyAddress) {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException(flag + " needs HOST:PORT, as in 127.0.0.1:9464");
    }
    int colon = value.lastIndexOf(':');
    if (colon <= 0 || colon == value.length() - 1) {
      throw new IllegalArgumentException(flag + " " + value + ": expected HOST:PORT, as in 127.0.0.1:9464");
    }
    String host = value.substring(0, colon);
    if (host.startsWith("[") && host.endsWith("]")) {
      host = host.substring(1, host.length() - 1);
    }
    int port;
    try {
      port = Integer.parseInt(value.substring(colon + 1));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(flag + " " + value + ": the port must be a number in [0, 65535]");
    }
    if (port < 0 || port > 65_535) {
      throw new IllegalArgumentException(flag + " " + value + ": the port must be in [0, 65535]");
    }
    if (!host.matches("[A-Za-z0-9.:-]+")) {
      throw new IllegalArgumentException(flag + " " + value + ": '" + host + "' is not a host name or an IP address");
    }
    InetAddress address;
    try {
      address = InetAddress.getByName(host);
    } catch (UnknownHostException e) {
      throw new IllegalArgumentException(flag + " " + value + ": host '" + host + "' does not resolve");
    }
    if (!address.isLoopbackAddress() && !anyAddress) {
      throw new IllegalArgumentException(flag + " " + value + ": " + host + " is not a loopback address; to serve "
          + "the network add " + flag + "-public");
    }
    return new ServeAddress(host, port);
  }

  /** The page's address, for the console. */
  public String url(int boundPort) {
    return "http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + boundPort + "/";
  }
}
