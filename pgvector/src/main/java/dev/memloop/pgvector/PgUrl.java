package dev.memloop.pgvector;

import java.util.regex.Pattern;

/**
 * A JDBC URL of PostgreSQL, checked and shown without its secrets: the one place that knows where a password may
 * sit in such a URL ({@code password=} among its parameters, or {@code user:password@} before the host).
 */
public final class PgUrl {

  static final String SCHEME = "jdbc:postgresql:";
  private static final Pattern PASSWORD_PARAMETER = Pattern.compile("(?i)(password=)[^&]*");
  private static final Pattern USER_INFO = Pattern.compile("(//[^/@:]*):[^/@]*@");

  private PgUrl() {}

  /**
   * {@code url}, if it is a PostgreSQL JDBC URL.
   *
   * @param name how the user gave it (a flag or a key), for the message
   * @throws IllegalArgumentException naming {@code name} and showing the URL without its password
   */
  public static String checked(String url, String name) {
    if (url == null || url.isBlank()) {
      throw new IllegalArgumentException(name + " must be a " + SCHEME + " URL, as in "
          + "jdbc:postgresql://127.0.0.1:5432/postgres?user=u&password=p: it is empty");
    }
    if (!url.startsWith(SCHEME)) {
      throw new IllegalArgumentException(name + " must be a " + SCHEME + " URL, as in "
          + "jdbc:postgresql://127.0.0.1:5432/postgres?user=u&password=p: '" + redacted(url) + "'");
    }
    return url;
  }

  /** {@code url} with any password replaced by {@code ***}: what messages, logs and results may show. */
  public static String redacted(String url) {
    if (url == null) {
      return "null";
    }
    String shown = PASSWORD_PARAMETER.matcher(url).replaceAll("$1***");
    return USER_INFO.matcher(shown).replaceAll("$1:***@");
  }
}
