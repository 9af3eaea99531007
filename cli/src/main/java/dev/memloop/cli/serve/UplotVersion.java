package dev.memloop.cli.serve;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** The version of the uPlot WebJar on the class path: its resources sit under a directory of that name. */
final class UplotVersion {

  static final String VERSION = read();

  private UplotVersion() {}

  private static String read() {
    try (InputStream in = UplotVersion.class.getClassLoader()
        .getResourceAsStream("META-INF/maven/org.webjars.npm/uplot/pom.properties")) {
      if (in == null) {
        throw new IllegalStateException("the uPlot WebJar (org.webjars.npm:uplot) is not on the class path: the live "
            + "page needs it; rebuild memloop");
      }
      Properties properties = new Properties();
      properties.load(in);
      return properties.getProperty("version");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
