package io.mcpfuzzer.oracle.audit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Check ids are unique, well formed, and all documented in docs/audit.md. */
class CatalogueTest {
    @Test
    void idsAreUniqueAndDocumented() throws Exception {
        assertThat(Arrays.stream(AuditCheck.values()).map(AuditCheck::id).distinct().count())
                .isEqualTo(AuditCheck.values().length);
        String doc = Files.readString(Path.of("docs/audit.md"), StandardCharsets.UTF_8);
        for (AuditCheck c : AuditCheck.values()) {
            assertThat(c.id()).matches("MCPF-(META|PIN|RESP|CONTRACT|ANNOT|HTTP)-\\d{3}");
            assertThat(doc).as("docs/audit.md row for %s", c.id()).containsPattern(
                    "\\| " + c.id() + " \\| " + c.category() + " \\| " + c.severity().wire() + " \\| "
                            + (c.owasp() == null ? "-" : c.owasp().id()) + " \\|");
        }
    }
}
