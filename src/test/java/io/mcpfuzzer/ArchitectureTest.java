package io.mcpfuzzer;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * The build checks the architecture of {@code shared/design/ARCHITECTURE.md} and {@code docs/architecture.md}
 * on the production classes (test classes are not imported).
 *
 * <ul>
 *   <li>Layer order, top to bottom: cli &gt; config &gt; report &gt; fuzz &gt; oracle &gt; generate &gt; safety &gt;
 *       mcp &gt; jsonrpc &gt; transport &gt; process. A layer (with its sub-packages) is used only by the layers
 *       above it.
 *   <li>{@code common} is below every layer: every layer may use it, it uses none of them.
 *   <li>{@code demo} (the built-in demo MCP server of {@code mcp-fuzzer demo}) is a leaf that only {@code cli}
 *       starts; it speaks the protocol with {@code mcp}, {@code jsonrpc} and {@code common} and knows nothing
 *       of fuzzing, so that it stays an honest stand-in for a third-party server.
 *   <li>No cycles between packages, counting each sub-package (report.export, oracle.audit, ...) as its own
 *       package.
 * </ul>
 *
 * <p>There is no allow-list and no frozen violation: every rule holds for the whole code base.
 */
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("class:ArchitectureTest") // its methods run one after the other (a lock forces them into one thread)
class ArchitectureTest {

    /** Top to bottom. */
    static final List<String> LAYERS = List.of(
            "cli", "config", "report", "fuzz", "oracle", "generate", "safety", "mcp", "jsonrpc", "transport",
            "process");

    private static JavaClasses classes;

    /**
     * Reading every class file is CPU-bound (about 8 s on an idle 2-core machine); on a machine
     * loaded by parallel builds it took over the suite's default 120 s, so this guard is wider.
     */
    @BeforeAll
    @Timeout(value = 10, unit = TimeUnit.MINUTES)
    static void importClasses() {
        classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.mcpfuzzer");
    }

    @Test
    void layersOnlyUseTheLayersBelowThem() {
        LayeredArchitecture rule = layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("common").definedBy("io.mcpfuzzer.common..")
                .layer("demo").definedBy("io.mcpfuzzer.demo..");
        for (String layer : LAYERS) {
            rule = rule.layer(layer).definedBy("io.mcpfuzzer." + layer + "..");
        }
        for (int i = 0; i < LAYERS.size(); i++) {
            String[] above = LAYERS.subList(0, i).toArray(String[]::new);
            rule = i == 0
                    ? rule.whereLayer(LAYERS.get(i)).mayNotBeAccessedByAnyLayer()
                    : rule.whereLayer(LAYERS.get(i)).mayOnlyBeAccessedByLayers(withDemoIfBelowIt(LAYERS.get(i), above));
        }
        rule = rule.whereLayer("common").mayNotAccessAnyLayer()
                .whereLayer("demo").mayOnlyBeAccessedByLayers("cli")
                .whereLayer("demo").mayOnlyAccessLayers("mcp", "jsonrpc", "common");
        rule.check(classes);
    }

    @Test
    void noCyclesBetweenPackagesOrSubPackages() {
        slices().matching("io.mcpfuzzer.(**)").should().beFreeOfCycles().check(classes);
    }

    @Test
    void theRulesSeeTheWholeCodeBase() {
        // a rule over an empty import would pass having checked nothing
        for (String layer : LAYERS) {
            long count = classes.stream().filter(c -> c.getPackageName().startsWith("io.mcpfuzzer." + layer)).count();
            org.assertj.core.api.Assertions.assertThat(count).as(layer).isPositive();
        }
    }

    /** The demo server may use mcp, jsonrpc and common; it counts as "above" those layers only. */
    private static String[] withDemoIfBelowIt(String layer, String[] above) {
        if (!List.of("mcp", "jsonrpc").contains(layer)) {
            return above;
        }
        String[] withDemo = Arrays.copyOf(above, above.length + 1);
        withDemo[above.length] = "demo";
        return withDemo;
    }
}
