package dev.memloop.workloads.alerts;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The signatures and hosts alert workloads draw from. Immutable and thread-safe.
 *
 * <p>Phrases are distinct across signatures, and several signatures share words ("SSH", "login"), so that
 * an embedding of raw prose is pulled by the template's wording more than by the incident.
 */
public final class SignatureCatalog {

  public static final List<Signature> SIGNATURES = List.of(
      new Signature("ssh-bruteforce", List.of("repeated failed SSH logins", "an SSH brute-force attempt",
          "a burst of rejected SSH passwords")),
      new Signature("port-scan", List.of("a TCP port scan", "sequential probing of closed ports",
          "a sweep across service ports")),
      new Signature("malware-beacon", List.of("periodic beaconing to a known C2 address",
          "a malware callback pattern", "regular check-ins with a command server")),
      new Signature("sql-injection", List.of("SQL injection payloads in request parameters",
          "a UNION-based injection attempt", "tautology strings in a login form")),
      new Signature("privilege-escalation", List.of("an unexpected sudo escalation",
          "a service account gaining admin rights", "a setuid binary run by an unprivileged user")),
      new Signature("data-exfiltration", List.of("an unusually large outbound transfer",
          "bulk uploads to an unknown storage bucket", "sustained egress to a rare destination")),
      new Signature("dns-tunneling", List.of("long random-looking DNS queries", "DNS traffic carrying encoded data",
          "a high rate of TXT lookups to one domain")),
      new Signature("credential-stuffing", List.of("logins with leaked username and password pairs",
          "many accounts tried from one client", "a credential stuffing run against the login API")),
      new Signature("ransomware-activity", List.of("mass file renames with a new extension",
          "a ransom note dropped in shared folders", "rapid encryption of user documents")),
      new Signature("suspicious-powershell", List.of("an encoded PowerShell command",
          "PowerShell downloading and running a script", "obfuscated PowerShell in a scheduled task")),
      new Signature("impossible-travel", List.of("sign-ins from two distant countries within minutes",
          "an impossible-travel login", "a session hopping continents in an hour")),
      new Signature("crypto-mining", List.of("CPU pinned by a mining process", "connections to a mining pool",
          "a cryptominer binary in a temp directory")));

  public static final List<String> HOSTS = hosts();

  private SignatureCatalog() {}

  /**
   * Each signature's phrases in lower case, in {@link #SIGNATURES}' order: made once, because a simulated model
   * reads its window's alerts on every step, and lower-casing every phrase on every read was most of a fleet's CPU.
   */
  private static final String[][] LOWER_PHRASES = SIGNATURES.stream()
      .map(s -> s.phrases().stream().map(p -> p.toLowerCase(Locale.ROOT)).toArray(String[]::new))
      .toArray(String[][]::new);

  /** The signature whose phrase or id occurs in {@code text} (case-insensitive), if exactly one does. */
  public static Optional<Signature> signatureIn(String text) {
    String lower = text.toLowerCase(Locale.ROOT);
    Signature found = null;
    for (int si = 0; si < SIGNATURES.size(); si++) {
      Signature s = SIGNATURES.get(si);
      String[] phrases = LOWER_PHRASES[si];
      boolean named = lower.contains(s.id());
      for (int i = 0; !named && i < phrases.length; i++) {
        named = lower.contains(phrases[i]);
      }
      if (named) {
        if (found != null) {
          return Optional.empty(); // ambiguous: a reader would not know either
        }
        found = s;
      }
    }
    return Optional.ofNullable(found);
  }

  /** Host roles: a host is named {@code <role>-<number>}, the number of two to four digits. */
  public static final List<String> ROLES = List.of("web", "db", "app", "mail", "vpn", "build", "cache", "auth");

  /**
   * The first host name in {@code text}: a whole word {@code <role>-<number>} with a known role and two to four
   * digits. One pass over the text, whatever the number of hosts a fleet uses.
   */
  public static Optional<String> hostIn(String text) {
    int n = text.length();
    int i = 0;
    while (i < n) {
      if (!isWordChar(text.charAt(i))) {
        i++;
        continue;
      }
      int start = i;
      while (i < n && (isWordChar(text.charAt(i)) || text.charAt(i) == '-')) {
        i++;
      }
      if (isHost(text, start, i)) { // tested in place: a fleet reads every alert, and most words are no host
        return Optional.of(text.substring(start, i));
      }
    }
    return Optional.empty();
  }

  /** The host of number {@code n} (0-based) across all roles: {@code web-01}, ..., then two digits become more. */
  public static String host(int n) {
    if (n < 0 || n >= ROLES.size() * 9_999) {
      throw new IllegalArgumentException("host number must be in [0, " + ROLES.size() * 9_999 + "): " + n);
    }
    return String.format(Locale.ROOT, "%s-%02d", ROLES.get(n % ROLES.size()), n / ROLES.size() + 1);
  }

  /** Whether {@code text[start, end)} is a host name: a known role, one dash, two to four digits. */
  private static boolean isHost(String text, int start, int end) {
    int dash = text.indexOf('-', start);
    if (dash <= start || dash >= end || !isRole(text, start, dash)) {
      return false;
    }
    int digits = end - dash - 1;
    if (digits < 2 || digits > 4) {
      return false;
    }
    for (int j = dash + 1; j < end; j++) {
      if (!Character.isDigit(text.charAt(j))) { // a second dash is no digit either
        return false;
      }
    }
    return true;
  }

  private static boolean isRole(String text, int start, int end) {
    for (String role : ROLES) {
      if (role.length() == end - start && text.regionMatches(start, role, 0, role.length())) {
        return true;
      }
    }
    return false;
  }

  private static boolean isWordChar(char c) {
    return Character.isLetterOrDigit(c);
  }

  /** The 64 hosts of single-agent workloads: eight of each role. */
  private static List<String> hosts() {
    String[] roles = {"web", "db", "app", "mail", "vpn", "build", "cache", "auth"}; // ROLES is not initialized yet
    String[] out = new String[64];
    int i = 0;
    for (String role : roles) {
      for (int n = 1; n <= 8; n++) {
        out[i++] = String.format(Locale.ROOT, "%s-%02d", role, n);
      }
    }
    return List.of(out);
  }
}
