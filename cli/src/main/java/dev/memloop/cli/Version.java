package dev.memloop.cli;

import dev.memloop.memory.VectorKernels;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine;

/**
 * {@code memloop --version}: the project version and the commit of the build (from {@code memloop-build.properties},
 * which the build writes), the JVM, and which vector kernels run.
 */
final class Version implements CommandLine.IVersionProvider {

  static final String BUILD_PROPERTIES = "/memloop-build.properties";

  @Override
  public String[] getVersion() {
    return new String[] {
      "memloop " + build(),
      "JVM " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")",
      "vector kernels: " + VectorKernels.name()
    };
  }

  /** {@code 0.1.0 (commit 56252c4)}, {@code (commit 56252c4, modified)} for a dirty tree, or the version alone. */
  static String build() {
    Properties build = new Properties();
    try (InputStream in = Version.class.getResourceAsStream(BUILD_PROPERTIES)) {
      if (in != null) {
        build.load(in);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + BUILD_PROPERTIES, e);
    }
    String version = build.getProperty("git.build.version", "");
    if (version.isBlank()) {
      version = String.valueOf(Main.class.getPackage().getImplementationVersion());
    }
    String commit = build.getProperty("git.commit.id.abbrev", "");
    if (commit.isBlank()) {
      return version + " (commit unknown: built outside a git checkout)";
    }
    return version + " (commit " + commit + ("true".equals(build.getProperty("git.dirty")) ? ", modified" : "") + ")";
  }
}
