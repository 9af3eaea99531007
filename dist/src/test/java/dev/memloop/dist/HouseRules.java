package dev.memloop.dist;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.Source;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.lang.syntax.ArchRuleDefinition;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The boundaries every module keeps, as ArchUnit rules over compiled classes. A class's module is where its class
 * file was read from (a module's jar or its {@code target/classes}), so the rules hold whether the build resolves a
 * module from the reactor or from the local repository.
 */
final class HouseRules {

  /** The core a project gets with memloop-runtime alone; it never names an add-on, the command line or bench. */
  static final Set<String> CORE = Set.of("memloop-workloads", "memloop-memory-actor", "memloop-default-embedder",
      "memloop-blackboard", "memloop-runtime");

  private HouseRules() {}

  /** No package of {@code root}'s is part of a dependency cycle with another (each package a slice). */
  static ArchRule noPackageCycles(String root) {
    return slices().matching(root + ".(**)").should().beFreeOfCycles().allowEmptyShould(false);
  }

  /**
   * An {@code internal} package is its module's: no class of another module depends on it. What another module needs
   * is public API with Javadoc, or moves to its user.
   */
  static ArchRule noUseOfAnotherModulesInternals() {
    return ArchRuleDefinition.classes().should(new ArchCondition<JavaClass>("use no other module's internal package") {
      @Override
      public void check(JavaClass origin, ConditionEvents events) {
        for (Dependency dependency : origin.getDirectDependenciesFromSelf()) {
          JavaClass target = dependency.getTargetClass();
          if (isMemloops(target) && isInternal(target) && !moduleOf(target).equals(moduleOf(origin))) {
            events.add(SimpleConditionEvent.violated(dependency, moduleOf(origin) + " uses " + moduleOf(target)
                + "'s internals: " + dependency.getDescription()));
          }
        }
      }
    }).allowEmptyShould(false);
  }

  /** The core's classes depend on no class of another memloop module (add-ons, the command line, bench). */
  static ArchRule coreNamesNoAddOn() {
    return ArchRuleDefinition.classes().should(new ArchCondition<JavaClass>("name no add-on from the core") {
      @Override
      public void check(JavaClass origin, ConditionEvents events) {
        if (!CORE.contains(moduleOf(origin))) {
          return;
        }
        for (Dependency dependency : origin.getDirectDependenciesFromSelf()) {
          JavaClass target = dependency.getTargetClass();
          if (isMemloops(target) && !CORE.contains(moduleOf(target))) {
            events.add(SimpleConditionEvent.violated(dependency, moduleOf(origin) + " (core) names "
                + moduleOf(target) + ": " + dependency.getDescription()));
          }
        }
      }
    }).allowEmptyShould(false);
  }

  /** The product's command line (memloop-cli) depends on nothing of memloop-bench's: bench contributes to it. */
  static ArchRule productNeedsNoBench() {
    return ArchRuleDefinition.noClasses().that().resideInAPackage("dev.memloop.cli..")
        .should().dependOnClassesThat().resideInAPackage("dev.memloop.bench..").allowEmptyShould(false);
  }

  static boolean isMemloops(JavaClass type) {
    return type.getPackageName().startsWith("dev.memloop.") && type.getSource().isPresent();
  }

  static boolean isInternal(JavaClass type) {
    return ("." + type.getPackageName() + ".").contains(".internal.");
  }

  private static final Pattern JAR = Pattern.compile("([a-z0-9-]+?)-\\d[^/!]*\\.jar!");
  private static final Pattern CLASSES = Pattern.compile("^file:(/.+)/target/(test-)?classes/");
  private static final Pattern ARTIFACT = Pattern.compile("</parent>\\s*<artifactId>([^<]+)</artifactId>");
  private static final Map<String, String> ARTIFACTS = new ConcurrentHashMap<>();

  /**
   * The module {@code type} was read from: the artifact of its jar ({@code memloop-runtime}), or the artifact the pom
   * beside its {@code target/classes} names; the location itself for anything else.
   */
  static String moduleOf(JavaClass type) {
    String location = type.getSource().map(Source::getUri).map(Object::toString).orElse("?");
    Matcher jar = JAR.matcher(location);
    if (jar.find()) {
      return jar.group(1);
    }
    Matcher classes = CLASSES.matcher(location);
    if (classes.find()) {
      String artifact = ARTIFACTS.computeIfAbsent(classes.group(1), HouseRules::artifactOf);
      return classes.group(2) == null ? artifact : "tests of " + artifact;
    }
    return location;
  }

  private static String artifactOf(String moduleFolder) {
    try {
      Matcher artifact = ARTIFACT.matcher(Files.readString(Path.of(moduleFolder, "pom.xml")));
      return artifact.find() ? artifact.group(1) : moduleFolder;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
