package dev.memloop.memory.internal.vector;

import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Picks the kernels once per JVM. Panama is used when {@code jdk.incubator.vector} is in the boot layer
 * (the launcher and the build pass {@code --add-modules jdk.incubator.vector}); otherwise memloop warns once
 * and runs the scalar twin. {@code -Dmemloop.vector.impl=scalar|panama} forces a choice; forcing
 * {@code panama} without the module is an error rather than a silent fallback.
 */
final class VectorMathProvider {

  static final String PROPERTY = "memloop.vector.impl";
  private static final String PANAMA_CLASS = "dev.memloop.memory.internal.vector.PanamaVectorMath";
  private static final Logger LOG = LoggerFactory.getLogger(VectorMathProvider.class);

  private VectorMathProvider() {}

  static VectorMathSupport load() {
    return select(System.getProperty(PROPERTY, ""), vectorModulePresent());
  }

  /** The choice itself, separated from the JVM's state so that every branch can be tested. */
  static VectorMathSupport select(String requested, boolean modulePresent) {
    String choice = requested.trim().toLowerCase(Locale.ROOT);
    switch (choice) {
      case "scalar":
        return ScalarVectorMath.INSTANCE;
      case "panama":
        if (!modulePresent) {
          throw new IllegalStateException("-D" + PROPERTY + "=panama but jdk.incubator.vector is not in the "
              + "module graph: start the JVM with --add-modules jdk.incubator.vector");
        }
        return loadPanama();
      case "":
        if (!modulePresent) {
          LOG.warn("jdk.incubator.vector is not enabled; memloop runs its scalar kernels (several times slower). "
              + "Start the JVM with --add-modules jdk.incubator.vector.");
          return ScalarVectorMath.INSTANCE;
        }
        return loadPanama();
      default:
        throw new IllegalArgumentException(
            "-D" + PROPERTY + " must be 'scalar' or 'panama', not '" + requested + "'");
    }
  }

  static boolean vectorModulePresent() {
    return ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();
  }

  private static VectorMathSupport loadPanama() {
    try {
      // Reflection keeps the incubator classes out of the link graph of every other class.
      var field = Class.forName(PANAMA_CLASS).getDeclaredField("INSTANCE");
      field.setAccessible(true);
      return (VectorMathSupport) field.get(null);
    } catch (ReflectiveOperationException | LinkageError e) {
      LOG.warn("could not load the Panama kernels ({}); memloop runs its scalar kernels", e.toString());
      return ScalarVectorMath.INSTANCE;
    }
  }
}
