package dev.memloop.workloads.alerts;

/** The canonical action line of an investigation, {@code investigate host=web-03 sig=ssh-bruteforce}. */
public final class ActionLine {

  private ActionLine() {}

  public static String of(String host, String signature) {
    return "investigate host=" + host + " sig=" + signature;
  }
}
