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

  /** The signature whose phrase or id occurs in {@code text} (case-insensitive), if exactly one does. */
  public static Optional<Signature> signatureIn(String text) {
    String lower = text.toLowerCase(Locale.ROOT);
    Signature found = null;
    for (Signature s : SIGNATURES) {
      boolean named = lower.contains(s.id());
      for (int i = 0; !named && i < s.phrases().size(); i++) {
        named = lower.contains(s.phrases().get(i).toLowerCase(Locale.ROOT));
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

  /** The first host name of the catalog that occurs in {@code text} as a whole word. */
  public static Optional<String> hostIn(String text) {
    for (String host : HOSTS) {
      int at = text.indexOf(host);
      while (at >= 0) {
        int end = at + host.length();
        boolean startOk = at == 0 || !Character.isLetterOrDigit(text.charAt(at - 1));
        boolean endOk = end == text.length() || !Character.isLetterOrDigit(text.charAt(end));
        if (startOk && endOk) {
          return Optional.of(host);
        }
        at = text.indexOf(host, at + 1);
      }
    }
    return Optional.empty();
  }

  private static List<String> hosts() {
    String[] roles = {"web", "db", "app", "mail", "vpn", "build", "cache", "auth"};
    String[] out = new String[roles.length * 8];
    int i = 0;
    for (String role : roles) {
      for (int n = 1; n <= 8; n++) {
        out[i++] = String.format(Locale.ROOT, "%s-%02d", role, n);
      }
    }
    return List.of(out);
  }
}
