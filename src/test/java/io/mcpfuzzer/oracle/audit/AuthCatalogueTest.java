package io.mcpfuzzer.oracle.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.common.Severity;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Auth-audit ids are unique, distinct from the security audit's, documented, and the pure review is exact. */
class AuthCatalogueTest {
    @Test
    void idsAreUniqueAndDocumented() throws Exception {
        assertThat(Arrays.stream(AuthCheck.values()).map(AuthCheck::id).distinct().count())
                .isEqualTo(AuthCheck.values().length);
        String doc = Files.readString(Path.of("docs/audit.md"), StandardCharsets.UTF_8);
        for (AuthCheck c : AuthCheck.values()) {
            assertThat(c.id()).matches("MCPF-AUTH-\\d{3}");
            assertThat(Arrays.stream(AuditCheck.values()).map(AuditCheck::id)).doesNotContain(c.id());
            assertThat(doc).as("docs/audit.md row for %s", c.id()).contains("| " + c.id() + " | " + c.category()
                    + " | " + c.severity().wire() + " | " + c.owasp().id() + " | " + c.title() + " |");
        }
    }

    @Test
    void resourceComparisonIgnoresCaseDefaultPortAndTrailingSlashOnly() {
        assertThat(AuthMetadataAudit.canonical("HTTPS://Mcp.Example.com:443/mcp/"))
                .isEqualTo(AuthMetadataAudit.canonical("https://mcp.example.com/mcp"));
        assertThat(AuthMetadataAudit.canonical("https://mcp.example.com/mcp"))
                .isNotEqualTo(AuthMetadataAudit.canonical("https://mcp.example.com/other"));
        assertThat(AuthMetadataAudit.canonical("http://127.0.0.1:8080/mcp"))
                .isNotEqualTo(AuthMetadataAudit.canonical("http://127.0.0.1:8081/mcp"));
    }

    @Test
    void cleartextTokenEndpointIsHighAndLoopbackIsClean() {
        JsonNode as = Json.parse("{\"issuer\":\"https://as.example\",\"token_endpoint\":\"http://as.example/token\","
                + "\"authorization_endpoint\":\"http://127.0.0.1:9/authorize\",\"code_challenge_methods_supported\":[\"S256\"]}");
        List<Finding> f = AuthMetadataAudit.review("https://mcp.example/mcp", null, null, "https://as.example/",
                "https://as.example/.well-known/oauth-authorization-server", as);
        assertThat(f).singleElement().satisfies(x -> {
            assertThat(x.checkId()).isEqualTo("MCPF-AUTH-001");
            assertThat(x.severity()).isEqualTo(Severity.HIGH);
            assertThat(x.evidence()).containsEntry("field", "token_endpoint");
        });
    }
}
