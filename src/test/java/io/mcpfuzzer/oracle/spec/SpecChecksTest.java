package io.mcpfuzzer.oracle.spec;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.mcp.McpVersion;
import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.common.Severity;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SpecChecksTest {
    @Test
    void idsAreUniqueAndWellFormed() {
        assertThat(SpecChecks.ALL).extracting(SpecCheck::id).doesNotHaveDuplicates()
                .allMatch(id -> id.matches("SPEC-[A-Z]+-\\d{3}"));
        assertThat(SpecChecks.byId("SPEC-RPC-004")).isSameAs(SpecChecks.RPC_ID_ECHO);
        assertThat(SpecChecks.byId("SPEC-NOPE-001")).isNull();
    }

    @Test
    void batchChecksFollowTheRevisions() {
        assertThat(SpecChecks.BATCH_SUPPORTED.appliesTo(McpVersion.V2025_03_26)).isTrue();
        assertThat(SpecChecks.BATCH_SUPPORTED.appliesTo(McpVersion.V2025_06_18)).isFalse();
        assertThat(SpecChecks.BATCH_SUPPORTED.appliesTo(McpVersion.V2024_11_05)).isFalse();
        assertThat(SpecChecks.BATCH_REJECTED.appliesTo(McpVersion.V2025_11_25)).isTrue();
        assertThat(SpecChecks.BATCH_REJECTED.appliesTo(McpVersion.V2025_03_26)).isFalse();
        assertThat(SpecChecks.PING_EMPTY.url(McpVersion.V2025_06_18))
                .isEqualTo("https://modelcontextprotocol.io/specification/2025-06-18/basic/utilities/ping");
        assertThat(SpecChecks.RPC_ERROR_SHAPE.url(McpVersion.V2025_06_18))
                .isEqualTo("https://www.jsonrpc.org/specification#error_object");
    }

    @Test
    void theDocumentationListsEveryCheckAsDefined() throws IOException {
        String doc = Files.readString(Path.of("docs", "protocol.md"), StandardCharsets.UTF_8);
        for (SpecCheck c : SpecChecks.ALL) {
            String row = "| " + c.id() + " | " + c.title() + " | " + c.versionsText() + " | " + c.severity().wire()
                    + " | `" + c.specRef() + "` |";
            assertThat(doc).as(c.id()).contains(row);
        }
    }

    @Test
    void onlyFailsBecomeFindings() {
        List<CheckResult> results = List.of(
                new CheckResult(SpecChecks.RPC_ID_ECHO, CheckStatus.FAIL, "sent 1 got \"1\"", Map.of("reply", "x")),
                new CheckResult(SpecChecks.PAGE_INVALID_CURSOR, CheckStatus.WARN, "other code", Map.of()),
                new CheckResult(SpecChecks.PING_EMPTY, CheckStatus.PASS, "", Map.of()),
                new CheckResult(SpecChecks.BATCH_SUPPORTED, CheckStatus.SKIP, "", Map.of()));
        List<Finding> findings = SpecFindings.toFindings(results, "stdio:server");
        assertThat(findings).singleElement().satisfies(f -> {
            assertThat(f.checkId()).isEqualTo("SPEC-RPC-004");
            assertThat(f.severity()).isEqualTo(Severity.HIGH);
            assertThat(f.kind()).isEqualTo("protocol");
            assertThat(f.category()).isEqualTo("spec_violation");
            assertThat(f.target()).isEqualTo("stdio:server");
            assertThat(f.evidence()).containsEntry("reply", "x").containsEntry("checkId", "SPEC-RPC-004");
        });
        assertThat(SpecGuard.passed(results)).isFalse();
        assertThat(SpecGuard.passed(results.subList(1, 4))).isTrue();
    }
}
