package dev.memloop.dist;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.EvaluationResult;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The house's boundaries, checked on every module's compiled classes (all of them are on this module's class path):
 * no package cycle, no module using another's internals, the core naming no add-on, the product's command line
 * depending on nothing of bench's. Each rule is shown failing on a planted example ({@code planted}, test classes of
 * this module), so that a rule that cannot fail is caught too.
 */
class ArchitectureTest {

  static JavaClasses production;
  static JavaClasses planted;

  @BeforeAll
  static void importClasses() {
    production = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("dev.memloop");
    planted = new ClassFileImporter().importPackages("dev.memloop.dist.planted");
  }

  @Test
  void should_read_every_module() {
    assertThat(production.stream().map(HouseRules::moduleOf).distinct())
        .contains("memloop-workloads", "memloop-memory-actor", "memloop-blackboard", "memloop-runtime", "memloop-llm",
            "memloop-llm-mcp", "memloop-mcp", "memloop-a2a", "memloop-cluster", "memloop-pgvector", "memloop-agents",
            "memloop-cli", "memloop-bench");
  }

  @Test
  void should_have_no_package_cycle() {
    HouseRules.noPackageCycles("dev.memloop").check(production);
  }

  @Test
  void should_use_no_other_module_s_internals() {
    HouseRules.noUseOfAnotherModulesInternals().check(production);
  }

  @Test
  void should_keep_the_core_free_of_add_ons() {
    HouseRules.coreNamesNoAddOn().check(production);
  }

  @Test
  void should_keep_the_product_command_line_free_of_bench() {
    HouseRules.productNeedsNoBench().check(production);
  }

  @Test
  void should_catch_a_planted_package_cycle() {
    EvaluationResult result = HouseRules.noPackageCycles("dev.memloop.dist.planted.cycle").evaluate(planted);
    assertThat(result.hasViolation()).isTrue();
    assertThat(result.getFailureReport().toString()).contains("Cycle detected").contains("a").contains("b");
  }

  @Test
  void should_catch_a_planted_use_of_another_module_s_internals() {
    EvaluationResult result = HouseRules.noUseOfAnotherModulesInternals().evaluate(planted);
    assertThat(result.hasViolation()).isTrue();
    assertThat(result.getFailureReport().toString()).contains("tests of memloop-dist uses memloop-memory-actor's "
        + "internals").contains("UsesAnInternal");
  }
}
