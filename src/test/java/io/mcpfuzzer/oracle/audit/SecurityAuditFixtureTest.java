package io.mcpfuzzer.oracle.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.common.Severity;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** The fixture listing plants one problem per metadata check next to clean controls. */
class SecurityAuditFixtureTest {
    private static JsonNode fixture;
    private static List<Finding> findings;

    @BeforeAll
    static void audit() throws IOException {
        try (InputStream in = SecurityAuditFixtureTest.class.getResourceAsStream("/audit/listing-fixture.json")) {
            fixture = Json.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
        findings = SecurityAudit.auditListing(fixture.get("tools"), fixture.get("resources"), fixture.get("prompts"),
                fixture.get("endpoint").stringValue());
    }

    @Test
    void everyPlantedProblemIsReportedWithItsCheckId() {
        for (Map.Entry<String, JsonNode> e : fixture.get("expected").properties()) {
            Set<String> ids = findings.stream().filter(f -> f.target().equals(e.getKey())).map(Finding::checkId)
                    .collect(Collectors.toSet());
            for (JsonNode id : e.getValue()) {
                assertThat(ids).as("check ids for target %s", e.getKey()).contains(id.stringValue());
            }
        }
    }

    @Test
    void cleanControlsGetNothingOfMediumOrAbove() {
        for (JsonNode clean : fixture.get("clean")) {
            List<Finding> serious = findings.stream().filter(f -> f.target().equals(clean.stringValue()))
                    .filter(f -> f.severity().atLeast(Severity.MEDIUM)).toList();
            assertThat(serious).as("findings for %s", clean.stringValue()).isEmpty();
        }
    }

    @Test
    void everyFindingCarriesAuditFieldsAndEvidence() {
        assertThat(findings).isNotEmpty();
        for (Finding f : findings) {
            assertThat(f.kind()).isEqualTo("audit");
            assertThat(f.checkId()).matches("MCPF-[A-Z]+-\\d{3}");
            assertThat(f.evidence()).containsEntry("check_id", f.checkId());
            if (f.owasp() != null) {
                assertThat(f.evidence().get("owasp_mcp_url").toString()).startsWith(Owasp.INDEX);
            }
            assertThat(f.target()).isNotBlank();
        }
    }

    @Test
    void findingsAreJsonSerialisableAndHideNoCredentials() {
        String json = Json.write(findings);
        assertThat(json).doesNotContain("secret@").doesNotContain("token=abc");
        assertThat(json).doesNotContain("\u202e").doesNotContain("\u200b");
    }

    @Test
    void poisoningEvidenceNamesTheMarkersAndExcerpt() {
        Finding f = findings.stream().filter(x -> x.target().equals("add_numbers") && "MCPF-META-001".equals(x.checkId()))
                .findFirst().orElseThrow();
        assertThat(f.severity()).isEqualTo(Severity.HIGH);
        assertThat(f.owasp()).isEqualTo("MCP03:2025");
        String markers = Json.write(f.evidence().get("markers"));
        assertThat(markers).contains("important_tag").contains("conceal_from_user").contains("read_secret");
        assertThat(f.evidence().get("definition_sha256").toString()).hasSize(64);
    }

    @Test
    void auditIsDeterministic() {
        List<Finding> again = SecurityAudit.auditListing(fixture.get("tools"), fixture.get("resources"),
                fixture.get("prompts"), fixture.get("endpoint").stringValue());
        assertThat(again.stream().map(Finding::id).toList()).isEqualTo(findings.stream().map(Finding::id).toList());
        assertThat(new ArrayList<>(again.stream().map(Finding::id).collect(Collectors.toSet()))).hasSize(again.size());
    }
}
