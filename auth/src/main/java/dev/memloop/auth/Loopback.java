package dev.memloop.auth;

import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * Whether a host (an address or a name) is this machine's loopback: the one place a server may answer callers it has
 * not authenticated, and an issuer may be reached over plain http. A name that does not resolve is not loopback.
 */
public final class Loopback {

  private Loopback() {}

  public static boolean is(String host) {
    try {
      return InetAddress.getByName(host).isLoopbackAddress();
    } catch (UnknownHostException e) {
      return false;
    }
  }
}
