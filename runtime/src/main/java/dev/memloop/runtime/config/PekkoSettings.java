package dev.memloop.runtime.config;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import java.util.List;

/**
 * The Pekko settings an actor system reads only once it starts, checked before it does: there a bad one is a
 * guardian's stack trace and a system that never answers ({@code parallelism-max = -3} is an
 * {@code IllegalArgumentException} inside {@code ForkJoinPool}'s constructor), or Pekko's own dozens of trace lines
 * ({@code pekko.loggers} naming a class that is not there). Here each is one line naming the key, the value and where
 * it was set. Stateless.
 */
final class PekkoSettings {

  /** The dispatchers memloop defines and the one Pekko's actors run on. */
  private static final List<String> DISPATCHERS = List.of("memloop.dispatcher", "memloop.action-dispatcher",
      "memloop.store-dispatcher", "pekko.actor.default-dispatcher", "pekko.actor.internal-dispatcher");
  /** Settings that name classes Pekko loads at start. */
  private static final List<String> CLASS_LISTS = List.of("pekko.loggers");
  private static final List<String> CLASSES = List.of("pekko.logging-filter");
  private static final String FORK_JOIN = "fork-join-executor";
  private static final String THREAD_POOL = "thread-pool-executor";

  private PekkoSettings() {}

  /** @throws IllegalArgumentException naming the first setting an actor system could not start with */
  static void check(Config root) {
    for (String dispatcher : DISPATCHERS) {
      if (root.hasPath(dispatcher)) {
        dispatcher(root, dispatcher);
      }
    }
    for (String key : CLASS_LISTS) {
      if (root.hasPath(key)) {
        for (String name : read(root, key, () -> root.getStringList(key))) {
          loadable(root, key, name);
        }
      }
    }
    for (String key : CLASSES) {
      if (root.hasPath(key)) {
        loadable(root, key, read(root, key, () -> root.getString(key)));
      }
    }
  }

  private static void dispatcher(Config root, String path) {
    atLeastOne(root, path + ".throughput");
    String forkJoin = path + "." + FORK_JOIN;
    if (root.hasPath(forkJoin)) {
      int min = atLeastOne(root, forkJoin + ".parallelism-min");
      int max = atLeastOne(root, forkJoin + ".parallelism-max");
      String factorKey = forkJoin + ".parallelism-factor";
      if (root.hasPath(factorKey)) {
        double factor = read(root, factorKey, () -> root.getDouble(factorKey));
        if (!(factor > 0) || Double.isInfinite(factor)) {
          throw refused(root, factorKey, "must be a number > 0");
        }
      }
      if (min > 0 && max > 0 && min > max) {
        throw refused(root, forkJoin + ".parallelism-min", "must be <= parallelism-max (" + max + ")");
      }
    }
    String threadPool = path + "." + THREAD_POOL;
    if (root.hasPath(threadPool)) {
      atLeastOne(root, threadPool + ".core-pool-size-min");
      atLeastOne(root, threadPool + ".core-pool-size-max");
      if (root.hasPath(threadPool + ".fixed-pool-size") && !root.getIsNull(threadPool + ".fixed-pool-size")
          && !"off".equals(root.getValue(threadPool + ".fixed-pool-size").unwrapped())) {
        atLeastOne(root, threadPool + ".fixed-pool-size");
      }
    }
  }

  /** The whole number at {@code key}, refused when below 1; -1 when the key is absent. */
  private static int atLeastOne(Config root, String key) {
    if (!root.hasPath(key)) {
      return -1;
    }
    int value = read(root, key, () -> root.getInt(key));
    if (value < 1) {
      throw refused(root, key, "must be >= 1");
    }
    return value;
  }

  private static void loadable(Config root, String key, String className) {
    try {
      Class.forName(className, false, PekkoSettings.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      throw refused(root, key, "names " + className + ", which is not on the class path");
    }
  }

  private static <T> T read(Config root, String key, java.util.function.Supplier<T> reader) {
    try {
      return reader.get();
    } catch (ConfigException e) {
      throw refused(root, key, "cannot be read: " + e.getMessage());
    }
  }

  private static IllegalArgumentException refused(Config root, String key, String why) {
    return new IllegalArgumentException("config key " + key + " = " + root.getValue(key).render(com.typesafe.config.ConfigRenderOptions.concise()) + " ("
        + root.getValue(key).origin().description() + ") " + why);
  }
}
