package io.mcpfuzzer.oracle.spec;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.mcp.McpVersion;
import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.oracle.spec.fixtures.FixtureMcpServer;
import io.mcpfuzzer.testsupport.JavaCommand;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The spec guard against real fixture server processes. */
@Timeout(300)
@Execution(ExecutionMode.CONCURRENT) // beside other classes; its own methods one after the other (the lock)
@ResourceLock("class:SpecGuardTest")
class SpecGuardTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private static List<CheckResult> guard(String mode, McpVersion version) throws Exception {
        try (StdioSpecExchange exchange = new StdioSpecExchange(JavaCommand.of(FixtureMcpServer.class, mode),
                version.wire())) {
            assertThat(exchange.initializeResult()).as("initialize answered").isNotNull();
            List<CheckResult> results = SpecGuard.run(exchange, version.wire(), TIMEOUT);
            if (mode.equals("fragile")) {
                assertThat(exchange.exited(Duration.ofSeconds(60))).as("fragile fixture exited").isTrue();
            } else {
                assertThat(exchange.alive()).isTrue();
            }
            return results;
        }
    }

    private static Set<String> ids(List<CheckResult> results, CheckStatus status) {
        return results.stream().filter(r -> r.status() == status).map(CheckResult::checkId).collect(Collectors.toSet());
    }

    @ParameterizedTest
    @EnumSource(McpVersion.class)
    void aCleanServerGetsNoFailAndEveryApplicableCheckReportsOnce(McpVersion version) throws Exception {
        List<CheckResult> results = guard("clean", version);
        assertThat(results).filteredOn(r -> r.status() == CheckStatus.FAIL || r.status() == CheckStatus.WARN)
                .as("the clean fixture follows every MUST and SHOULD").isEmpty();
        assertThat(results).allSatisfy(r -> assertThat(r.evidence()).containsEntry("version", version.wire()));
        List<String> applicable = SpecChecks.ALL.stream().filter(c -> c.appliesTo(version)).map(SpecCheck::id).toList();
        assertThat(results).extracting(CheckResult::checkId).containsExactlyInAnyOrderElementsOf(applicable);
        assertThat(ids(results, CheckStatus.PASS)).contains("SPEC-INIT-001", "SPEC-PING-001", "SPEC-RPC-004",
                "SPEC-NOTIF-001", "SPEC-NOTIF-002", "SPEC-TOOLS-001", "SPEC-RPC-001", "SPEC-RPC-002", "SPEC-PAGE-002",
                "SPEC-LIFE-001");
        if (version == McpVersion.V2025_03_26) {
            assertThat(ids(results, CheckStatus.PASS)).contains("SPEC-BATCH-001", "SPEC-BATCH-003");
        }
        if (version.atLeast(McpVersion.V2025_06_18)) {
            assertThat(ids(results, CheckStatus.PASS)).contains("SPEC-BATCH-002");
        }
        assertThat(SpecFindings.toFindings(results, "fixture-clean")).isEmpty();
    }

    @Test
    void aServerWithPlantedViolationsGetsExactlyTheExpectedFails() throws Exception {
        List<CheckResult> results = guard("bad", McpVersion.V2025_06_18);
        assertThat(ids(results, CheckStatus.FAIL)).containsExactlyInAnyOrder("SPEC-NOTIF-001", "SPEC-NOTIF-002",
                "SPEC-RPC-001", "SPEC-RPC-003", "SPEC-RPC-004", "SPEC-TOOLS-001", "SPEC-CAP-001");
        List<Finding> findings = SpecFindings.toFindings(results, "fixture-bad");
        assertThat(findings).hasSize(7).allSatisfy(f -> {
            assertThat(f.kind()).isEqualTo("protocol");
            assertThat(f.category()).isEqualTo("spec_violation");
            assertThat(f.checkId()).startsWith("SPEC-");
            assertThat(f.severity()).isEqualTo(SpecChecks.byId(f.checkId()).severity());
        });
        assertThat(findings).extracting(Finding::id).doesNotHaveDuplicates();
    }

    @Test
    void aListingThatFailsOnTheServersOwnBackendIsNoUnservedCapability() throws Exception {
        List<CheckResult> results = guard("backend-down", McpVersion.V2025_06_18);
        assertThat(ids(results, CheckStatus.FAIL)).isEmpty();
        assertThat(results).filteredOn(r -> r.checkId().equals("SPEC-CAP-001")).singleElement().satisfies(r -> {
            assertThat(r.status()).isEqualTo(CheckStatus.SKIP);
            assertThat(r.message()).contains("resources/list: connect ECONNREFUSED");
        });
        assertThat(SpecFindings.toFindings(results, "fixture-backend-down")).isEmpty();
    }

    @Test
    void theBadServerFailsTheBatchCheckOf20250326WhenItAnswersWithStringIds() throws Exception {
        List<CheckResult> results = guard("bad", McpVersion.V2025_03_26);
        assertThat(ids(results, CheckStatus.FAIL)).contains("SPEC-BATCH-001", "SPEC-RPC-004", "SPEC-NOTIF-001");
    }

    @Test
    void aServerThatDiesOnAParseErrorFailsThatCheckAndLivenessAndTheRestIsSkipped() throws Exception {
        List<CheckResult> results = guard("fragile", McpVersion.V2025_06_18);
        assertThat(ids(results, CheckStatus.FAIL)).containsExactlyInAnyOrder("SPEC-RPC-008", "SPEC-LIFE-001");
        assertThat(ids(results, CheckStatus.SKIP)).contains("SPEC-BATCH-002", "SPEC-RPC-005", "SPEC-RPC-006");
        List<String> applicable = SpecChecks.ALL.stream().filter(c -> c.appliesTo(McpVersion.V2025_06_18))
                .map(SpecCheck::id).toList();
        assertThat(results).extracting(CheckResult::checkId).containsExactlyInAnyOrderElementsOf(applicable);
    }
}
