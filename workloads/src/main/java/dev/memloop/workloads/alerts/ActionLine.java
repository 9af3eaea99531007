package dev.memloop.workloads.alerts;

import java.util.HashMap;
import java.util.Map;

/** The canonical action line of an investigation, {@code investigate host=web-03 sig=ssh-bruteforce}. */
public final class ActionLine {

  /**
   * The line of every catalog host and signature, made once: each step of a fleet agent names one, and its last
   * turn's records keep them, so a million agents held six million copies of 768 strings (0.6 KiB per agent).
   */
  private static final Map<String, Map<String, String>> CATALOG = catalog();

  private ActionLine() {}

  /** The line; one shared instance for a catalog host and signature (the line is a value either way). */
  public static String of(String host, String signature) {
    Map<String, String> bySignature = CATALOG.get(host);
    String line = bySignature == null ? null : bySignature.get(signature);
    return line != null ? line : make(host, signature);
  }

  private static String make(String host, String signature) {
    return "investigate host=" + host + " sig=" + signature;
  }

  private static Map<String, Map<String, String>> catalog() {
    Map<String, Map<String, String>> lines = new HashMap<>();
    for (String host : SignatureCatalog.HOSTS) {
      Map<String, String> bySignature = new HashMap<>();
      for (Signature signature : SignatureCatalog.SIGNATURES) {
        bySignature.put(signature.id(), make(host, signature.id()));
      }
      lines.put(host, Map.copyOf(bySignature));
    }
    return Map.copyOf(lines);
  }
}
