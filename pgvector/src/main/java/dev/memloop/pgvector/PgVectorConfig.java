package dev.memloop.pgvector;

import static dev.memloop.runtime.config.ConfigValues.duration;
import static dev.memloop.runtime.config.ConfigValues.value;
import static dev.memloop.runtime.config.ConfigValues.wholeNumber;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import dev.memloop.pgvector.PgIndex;
import dev.memloop.pgvector.PgUrl;
import dev.memloop.pgvector.PgVectorSettings;

/** Reads {@code memloop.pgvector} into {@link PgVectorSettings}; the URL is never shown with its password. */
public final class PgVectorConfig {

  public static final String PATH = "memloop.pgvector";

  private PgVectorConfig() {}

  /**
   * The settings, with a null URL when {@code url = ""} (the command starts PGlite and fills it in).
   *
   * @throws IllegalArgumentException naming the key: a URL that is not PostgreSQL's (shown without its
   *     password), a bad table name, index, pool size or timeout
   */
  public static PgVectorSettings from(Config root) {
    Config c = root.getConfig(PATH);
    String url;
    try {
      url = c.getString("url");
    } catch (ConfigException e) {
      throw new IllegalArgumentException(PATH + ".url must be a string: a jdbc:postgresql: URL, or \"\" for PGlite");
    }
    url = url.isBlank() ? null : PgUrl.checked(url, PATH + ".url"); // its own check: no echo of the password
    String table = value(c, "table", PATH, () -> c.getString("table"));
    PgIndex index = value(c, "index", PATH, () -> PgIndex.parse(c.getString("index"), PATH + ".index"));
    int poolSize = value(c, "pool-size", PATH, () -> wholeNumber(c, "pool-size"));
    java.time.Duration timeout = value(c, "timeout", PATH, () -> duration(c, "timeout"));
    return new PgVectorSettings(url, table, index, poolSize, timeout); // its refusals name their own keys
  }
}
