package dev.memloop.bench.cli;

import dev.memloop.memory.internal.vector.VectorMath;
import picocli.CommandLine;

/** {@code memloop --version}: the build, the JVM and which vector kernels run. */
final class Version implements CommandLine.IVersionProvider {

  @Override
  public String[] getVersion() {
    String version = Main.class.getPackage().getImplementationVersion();
    return new String[] {
      "memloop " + (version == null ? "(development build)" : version),
      "JVM " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")",
      "vector kernels: " + VectorMath.implementationName()
    };
  }
}
